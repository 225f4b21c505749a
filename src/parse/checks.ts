// Input that cannot be translated faithfully: unterminated comments and strings (found by a
// linear lexical scan, which points at the opening delimiter) and syntax errors (tree-sitter's
// ERROR and MISSING nodes).
import type { Node } from './parser.js';
import type { Diagnostic } from '../report/diagnostic.js';

function lineCol(text: string, index: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: index - start + 1 };
}

export function lexicalProblems(file: string, text: string): Diagnostic[] {
  const at = (i: number, message: string, ruleId: string): Diagnostic[] => [{ file, ...lineCol(text, i), severity: 'error', message, ruleId }];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return at(i, 'unterminated /* comment', 'unterminated-comment');
      i = end + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      // A line comment continues over backslash-newlines.
      for (i += 2; i < text.length && (text[i] !== '\n' || text[i - 1] === '\\'); i++);
    } else if (c === 'R' && text[i + 1] === '"' && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      const open = text.indexOf('(', i + 2);
      const delim = open < 0 ? '' : text.slice(i + 2, open);
      const end = open < 0 ? -1 : text.indexOf(`)${delim}"`, open);
      if (end < 0) return at(i, 'unterminated raw string literal', 'unterminated-string');
      i = end + delim.length + 1;
    } else if (c === '"' || (c === "'" && !/[0-9A-Fa-f]/.test(text[i - 1] ?? ''))) {
      // ' after a hex digit is a C++14 digit separator (1'000'000), not a character literal.
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') return at(i, `unterminated ${c === '"' ? 'string' : 'character'} literal`, 'unterminated-string');
      }
      if (j >= text.length) return at(i, `unterminated ${c === '"' ? 'string' : 'character'} literal`, 'unterminated-string');
      i = j;
    } else if (c === '#' && /^#\s*(include\s*<|error|warning)/.test(text.slice(i, i + 40))) {
      // <path> in an include and the text of #error are not C tokens; skip to the end of the line.
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    }
  }
  return [];
}

/** Every syntax error of the tree: the outermost ERROR nodes and the MISSING tokens, in order. */
export function errorNodes(root: Node): Node[] {
  const found: Node[] = [];
  const visit = (n: Node): void => {
    if (!n.hasError) return;
    if (n.isError || n.isMissing) found.push(n);
    else for (const c of n.children) visit(c);
  };
  visit(root);
  return found;
}

const describe = (n: Node) => (n.isMissing ? `syntax error: expected '${n.type}'` : `syntax error near '${n.text.slice(0, 40).split('\n')[0]}'`);

/**
 * Syntax errors, as errors, unless each lies where nothing is to be changed (`untouched`: no GPU
 * code or name in it, outside device code): then they are warnings and the text passes through.
 * `valid`: what the grammar reports but the code's compiler accepts (a macro it cannot see through).
 */
export function syntaxProblems(file: string, root: Node, untouched: (error: Node) => boolean = () => false, valid: (error: Node) => boolean = () => false): Diagnostic[] {
  const errors = errorNodes(root).filter((e) => !valid(e));
  if (errors.length === 0) return [];
  const at = (n: Node) => ({ file, line: n.startPosition.row + 1, col: n.startPosition.column + 1 });
  if (errors.every(untouched)) {
    return errors.map((n) => ({ ...at(n), severity: 'warning', message: `${describe(n)}; nothing there needs translating, so it passes through as written`, ruleId: 'syntax-tolerated' }));
  }
  const first = errors.find((n) => !untouched(n))!;
  return [{ ...at(first), severity: 'error', message: describe(first), ruleId: 'syntax-error' }];
}
