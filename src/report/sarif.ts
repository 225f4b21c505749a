// SARIF 2.1.0 for code-scanning UIs: one run, a rule per diagnostic id that occurs, a result
// per diagnostic. Paths are made relative to the working directory with forward slashes.
import { relative, sep } from 'node:path';
import type { Diagnostic } from './diagnostic.js';
import type { RuleHelp } from './explain.js';
import { TOOL } from './tool.js';

const LEVEL = { error: 'error', warning: 'warning', note: 'note' } as const;

export function artifactUri(file: string): string {
  return encodeURI(relative(process.cwd(), file).split(sep).join('/'));
}

export function toSarif(diagnostics: Diagnostic[], describe: (id: string) => RuleHelp | undefined): object {
  const ids = [...new Set(diagnostics.map((d) => d.ruleId))].sort();
  const rules = ids.map((id) => {
    const help = describe(id);
    const meaning = help?.meaning ?? id;
    return {
      id,
      shortDescription: { text: meaning.split(/(?<=\.)\s/)[0] },
      fullDescription: { text: meaning },
      help: { text: help?.fix ?? `See \`hip2vortex explain ${id}\`.` },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        columnKind: 'utf16CodeUnits',
        tool: { driver: { name: TOOL.name, version: TOOL.version, informationUri: TOOL.informationUri, rules } },
        results: diagnostics.map((d) => ({
          ruleId: d.ruleId,
          ruleIndex: ids.indexOf(d.ruleId),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(d.file) },
                region: { startLine: d.line, startColumn: d.col },
              },
            },
          ],
        })),
      },
    ],
  };
}
