// Who we are, for reports (JSON, SARIF) and --version.
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../../../package.json') as { name: string; version: string };

export const TOOL = {
  name: pkg.name,
  version: pkg.version,
  informationUri: 'https://github.com/hip2vortex/hip2vortex',
} as const;
