// Who we are, for reports (JSON, SARIF) and --version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

export const TOOL = {
  name: pkg.name,
  version: pkg.version,
  informationUri: 'https://github.com/hip2vortex/hip2vortex',
} as const;
