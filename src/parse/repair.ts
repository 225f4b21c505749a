// The parser's view of a file: the user's text with some spans blanked, same length, so every node
// offset is an offset of the user's text (outputs print from it, byte for byte). Blanked are the
// branches no compiler takes (decided on what the compilers predefine), and, where the grammar
// reports an error, what it cannot see through there: the `#if` groups that split the construct
// (decided as the device compiler would) and uses of macros that stand for a statement or a
// specifier (`CUERR` after a call, `FORCE_INLINE` before a return type). Nothing blanked needs a
// translation: GPU code in a macro is expanded beforehand (./gpu-macros.ts).
import { parse, type Node, type Tree } from './parser.js';
import { textForParser } from './normalise.js';
import { errorNodes } from './checks.js';
import { neverCompiled, chosenBranch, COMPILER_MACROS, conditionalGroups, type Group } from './conditionals.js';
import { callArguments, codeMask, type Macro, type MacroTable } from './macros.js';
import { GPU_SPACE } from './gpu-macros.js';
import { looksLikeGpuSource } from '../gpu-hint.js';

/** A body that is a whole statement: a block, a `do ... while (0)`, a call or anything ending in `;`. */
const STATEMENT_BODY = /^(?:\{[^]*\}|do\b[^]*|if\b[^]*|[^]*;)$/;
/** A body of specifiers that mean nothing to the translation (`inline`, `__restrict__`, attributes, `_Pragma("unroll")`), or nothing. */
const SPECIFIER_BODY = /^(?:\s*(?:inline|__inline__|__forceinline__|__noinline__|static|extern|constexpr|__restrict__|__restrict|restrict|__attribute__\s*\(\(.*\)\)|__declspec\s*\(.*\)|_Pragma\s*\(.*\)))*\s*$/;

const ROUNDS = 8;

/** Device code and launches, which a translation rewrites: a macro standing for them is not blanked (its definition is translated, so host API names in it are). */
const GPU_NAMES = /\b(?:threadIdx|blockIdx|blockDim|gridDim|warpSize|__syncthreads|__syncwarp|atomic\w+|__shfl\w*|__ballot\w*|__any\w*|__all\w*)\b|<<</;

function touchesGpu(macro: Macro, macros: MacroTable, depth = 0): boolean {
  if (GPU_SPACE.test(macro.body) || GPU_NAMES.test(macro.body)) return true;
  return depth < 8 && (macro.body.match(/[A-Za-z_]\w*/g) ?? []).some((w) => w !== macro.name && macros.has(w) && touchesGpu(macros.get(w)!, macros, depth + 1));
}

/** The macro stands for statements: its body is one, or a run of uses of such macros (`OP OP OP`). */
function statementLike(macro: Macro, macros: MacroTable, depth = 0): boolean {
  if (STATEMENT_BODY.test(macro.body)) return true;
  const words = macro.body.split(/\s+/);
  return depth < 8 && !!macro.body && words.every((w) => macros.has(w) && statementLike(macros.get(w)!, macros, depth + 1));
}

/** `parsed`: the tree of textForParser(text), if there is one already. */
export function parseForTranslation(text: string, macros: MacroTable, parsed?: Tree): Tree {
  // Built on the first blank: most files have nothing to blank.
  let view: string[] | undefined;
  const blank = (from: number, to: number, first = ' ') => {
    view ??= textForParser(text).split('');
    for (let i = from; i < to; i++) if (view[i] !== '\n' && view[i] !== '\r') view[i] = i === from ? first : ' ';
  };
  // `<` the grammar misread as opening template arguments, read as `>` and typed back as `<`.
  const lessThan = new Map<number, string>();
  const parseView = () => {
    const viewText = view ? view.join('') : textForParser(text);
    if (!lessThan.size) return parse(viewText);
    const parsedAs = viewText.split('');
    for (const at of lessThan.keys()) parsedAs[at] = '>';
    return parse(viewText, parsedAs.join(''), lessThan);
  };
  const never = neverCompiled(text, macros);
  for (const [from, to] of never) blank(from, to);
  let tree = parsed && !never.length ? parsed : parseView();
  const decided = new Set<Group>();
  const blanked = new Set<number>();
  let groups: readonly Group[] | undefined;
  let mask: Uint8Array | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    let changed = false;
    for (const error of [...errorNodes(tree.rootNode), ...misreadStatementMacros(tree, macros)]) {
      if (missingButValid(error, macros)) continue;
      const item = topLevelItem(error);
      for (const g of (groups ??= conditionalGroups(text))) {
        if (decided.has(g) || !splits(g, item.startIndex, item.endIndex)) continue;
        decided.add(g);
        changed = true;
        const taken = chosenBranch(g, macros, COMPILER_MACROS.device);
        g.branches.forEach((b, i) => blank(b.directive[0], i === taken ? b.directive[1] : b.body[1]));
        blank(g.endif[0], g.endif[1]);
      }
      for (const use of macroUsesAround(text, (mask ??= codeMask(text)), error, macros)) {
        if (blanked.has(use.start)) continue;
        blanked.add(use.start);
        changed = true;
        if (use.argumentsOpen === undefined) blank(use.start, use.end, statementLike(use.macro, macros) ? ';' : ' ');
        else {
          blank(use.start, use.argumentsOpen + 1);
          view![use.end - 1] = ';';  // made by the blank above
        }
      }
    }
    for (const at of comparisonsReadAsTemplates(tree)) {
      if (lessThan.has(at)) continue;
      lessThan.set(at, '<');
      changed = true;
    }
    if (!changed) break;
    tree = parseView();
  }
  return tree;
}

const DECLARATIONS = new Set(['declaration']);

/**
 * The `<` of comparisons the grammar read as template arguments: `(x < W && y >= 0)` reads as
 * `x<W && y>` assigned `0`, since `>=` splits there. No code assigns to a template's name, so
 * arguments closed by the `>` of a `>=` are a comparison's.
 */
function comparisonsReadAsTemplates(tree: Tree): number[] {
  const text = tree.text;
  return tree.ofType('template_argument_list').filter((list) => text[list.endIndex] === '=' && text[list.endIndex + 1] !== '=' && text[list.startIndex] === '<').map((list) => list.startIndex);
}

/**
 * Statement macros the grammar read as a declaration's type, without an error (`CUERR` on the line
 * before `hipLaunchKernelGGL(k, ...);` reads as declaring a function): no statement is a type.
 */
function misreadStatementMacros(tree: Tree, macros: MacroTable): Node[] {
  const out: Node[] = [];
  for (const d of tree.ofTypes(DECLARATIONS)) {
    const type = d.childForFieldName('type');
    const macro = type?.type === 'type_identifier' ? macros.get(type.text) : undefined;
    if (macro && !macro.params && statementLike(macro, macros)) out.push(type!);
  }
  return out;
}

/**
 * Tokens the grammar reports missing where the compiler needs none: a `;` after a macro's use
 * written as a statement (`CHECK(call)` alone on a line), an operand after `= delete` (the
 * grammar reads a deleted member template as a delete expression).
 */
export function missingButValid(error: Node, macros: MacroTable): boolean {
  if (!error.isMissing) return false;
  if (error.type === 'identifier') return error.parent?.type === 'delete_expression' && error.parent.text === 'delete';
  if (error.type !== ';') return false;
  const statement = statementOf(error);
  const use = /^([A-Za-z_]\w*)\s*(\([^]*\))?$/.exec(statement.text.slice(0, error.startIndex - statement.startIndex).trim());
  return !!use && macros.has(use[1]) && !!macros.get(use[1])!.params === !!use[2];
}

/** The top-level item holding `node`; inside an include guard, the guard's item holding it (the guard splits nothing). */
export function topLevelItem(node: Node): Node {
  let item = node;
  while (item.parent?.parent && !isIncludeGuard(item.parent)) item = item.parent;
  return item;
}

/** `#ifndef X` (or `#if !defined(X)`) at file level, whose first item defines X. */
function isIncludeGuard(group: Node): boolean {
  if (group.parent?.type !== 'translation_unit' || (group.type !== 'preproc_ifdef' && group.type !== 'preproc_if')) return false;
  const [condition, first] = group.namedChildren;
  const guarded = group.type === 'preproc_ifdef' ? group.child(0)?.type === '#ifndef' && condition?.text : /^!\s*defined\s*\(?\s*(\w+)\s*\)?$/.exec(condition?.text ?? '')?.[1];
  return !!guarded && first?.type === 'preproc_def' && first.childForFieldName('name')?.text === guarded;
}

/** A directive of the group lies inside [start, end) (the group splits that item). */
const splits = (g: Group, start: number, end: number) =>
  [...g.branches.map((b) => b.directive), g.endif].some(([s, e]) => s < end && e > start);

/** The statement (or top-level item) holding `node`. */
export function statementOf(node: Node): Node {
  let s = node;
  while (s.parent && !['compound_statement', 'translation_unit', 'declaration_list', 'field_declaration_list'].includes(s.parent.type)) s = s.parent;
  return s;
}

interface Use {
  start: number;
  end: number;
  macro: Macro;
  /** Set when the arguments hold GPU code or names, which the translation must see: only the macro's name and parentheses are hidden, `CHECK(hipMalloc(&p, n))` reads as `hipMalloc(&p, n);`. */
  argumentsOpen?: number;
}

/** An enum's head, up to its opening brace. */
const ENUM_HEAD = /^(?:typedef\s+)?enum\b[^{;]*\{/;

/**
 * The enumerator list of the enum the error's statement declares, from its `{` to its `}`: macro
 * uses there stand for enumerators (X-macros: `enum Op { OPS(ENUMERATOR) COUNT };`), which the
 * grammar cannot read and the translation never needs to.
 */
function enumBody(text: string, mask: Uint8Array, from: number): [number, number] | undefined {
  const head = ENUM_HEAD.exec(text.slice(from, from + 500));
  if (!head) return undefined;
  const open = from + head[0].length - 1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (!mask[i]) continue;
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return [open, i];
  }
  return undefined;
}

/** Uses of statement or specifier macros from the start of the error's statement to its end; of any macro in an enum's list of enumerators. */
function macroUsesAround(text: string, mask: Uint8Array, error: Node, macros: MacroTable): Use[] {
  const from = statementOf(error).startIndex;
  const enumerators = enumBody(text, mask, from);
  const to = Math.max(error.endIndex, from, enumerators?.[1] ?? 0);
  const uses: Use[] = [];
  const name = /[A-Za-z_]\w*/g;
  name.lastIndex = from;
  for (let m = name.exec(text); m && m.index < to; m = name.exec(text)) {
    const macro = macros.get(m[0]);
    if (!macro || !mask[m.index] || touchesGpu(macro, macros)) continue;
    const enumerator = !!enumerators && m.index > enumerators[0] && m.index < enumerators[1];
    if (!enumerator && !statementLike(macro, macros) && !SPECIFIER_BODY.test(macro.body)) continue;
    let end = m.index + m[0].length;
    let argumentsOpen: number | undefined;
    if (macro.params) {
      const open = /^\s*\(/.exec(text.slice(end, end + 200));
      argumentsOpen = open ? end + open[0].length - 1 : undefined;
      const call = argumentsOpen === undefined ? undefined : callArguments(text, argumentsOpen);
      if (!call) continue;
      end = call.end;
    }
    const gpu = looksLikeGpuSource(text.slice(m.index, end));
    if (gpu && (argumentsOpen === undefined || !statementLike(macro, macros))) continue;
    uses.push({ start: m.index, end, macro, argumentsOpen: gpu ? argumentsOpen : undefined });
    name.lastIndex = end;
  }
  return uses;
}
