// Names a program takes from a bundled library's namespace (`hipcub::BlockRadixSort`) that the
// library's subset does not have: the C++ compiler would stop on them later, so the translation
// names them. A name the library's text never spells is surely not provided (the test is
// conservative: a name it spells anywhere passes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from '../parse/parser.js';
import { LIBRARIES_DIR } from '../package-root.js';

/** The bundled files whose text each library namespace's names come from. */
const NAMESPACES: Record<string, { library: string; files: string[] }> = {
  hipcub: { library: "hipCUB", files: ['hipcub/hipcub.hpp'] },
  cub: { library: "CUB (over hipCUB)", files: ['cub/cub.cuh', 'hipcub/hipcub.hpp'] },
  thrust: { library: 'Thrust', files: ['thrust/thrust.h'] },
};

const spelled = new Map<string, ReadonlySet<string>>();

function wordsOf(namespace: string): ReadonlySet<string> {
  let words = spelled.get(namespace);
  if (!words) {
    const text = NAMESPACES[namespace].files.map((f) => readFileSync(join(LIBRARIES_DIR, f), 'utf8')).join('\n');
    words = new Set(text.match(/\b[A-Za-z_]\w*\b/g));
    spelled.set(namespace, words);
  }
  return words;
}

export interface MissingName {
  node: Node;
  name: string;
  library: string;
}

/** Every `ns::Name` in `root`, for a bundled library's namespace `ns`, whose name the library lacks. */
export function missingLibraryNames(root: Node): MissingName[] {
  return root.descendantsOfType('qualified_identifier').flatMap((q) => {
    const scope = q.childForFieldName('scope');
    const namespace = scope?.type === 'namespace_identifier' ? scope.text : undefined;
    if (!namespace || !Object.hasOwn(NAMESPACES, namespace) || q.parent?.type === 'qualified_identifier') return [];
    const name = /^[A-Za-z_]\w*/.exec(q.childForFieldName('name')?.text ?? '')?.[0];
    return name && !wordsOf(namespace).has(name) ? [{ node: q, name, library: NAMESPACES[namespace].library }] : [];
  });
}
