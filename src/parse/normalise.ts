// CUDA spellings the grammar cannot parse, replaced for the parser only by C++ of the same
// length: node offsets stay those of the original text, which is what every output is printed
// from (so the user's spelling survives; the headers define the CUDA macros).
const SAME_LENGTH: [RegExp, string][] = [
  [/\b__align__\b/g, 'alignas  '],
  [/\b__builtin_align__\b/g, 'alignas          '],
  // The grammar takes `__restrict` right after `*` but not after `* const` (the same qualifiers).
  [/\bconst(\s+)__restrict\b/g, '__restrict$1const'],
  // Nor after `&` (a restricted reference, which gcc and clang take): blanked there.
  [/(&\s*)__restrict__\b/g, '$1            '],
  [/(&\s*)__restrict\b/g, '$1          '],
  // GNU's alternate keywords for the qualifiers, which gcc and clang take in any mode.
  [/\b__const__\b/g, 'const    '],
  [/\b__const\b/g, 'const  '],
  [/\b__volatile__\b/g, 'volatile    '],
  [/\b__signed__\b/g, 'signed    '],
  // GNU's typeof, in declarations too (`__typeof__(a) t = a;`, a SWAP macro's body): decltype
  // to the parser (they differ only on references, which nothing translated reads from it).
  [/\b__typeof__(\s*\()/g, 'decltype  $1'],
  [/\b__typeof(\s*\()/g, 'decltype$1'],
  // A pack of pointers (`const Ts*... ps`), which the grammar cannot parse: read as a pack of
  // references, which device code uses alike (a kernel's is refused: kernels take no references).
  [/([\w>]\s*)\*(\s*\.\.\.\s*[A-Za-z_]\w*\s*[,)=])/g, '$1&$2'],
];

/** The callbacks' calling convention (`void CUDART_CB f(...)`), a macro of nothing the grammar reads as a type: blanked. */
const CALLBACK_CONVENTION = /\b(?:CUDART_CB|HIPRT_CB)\b/g;

/** GNU's fallthrough statement, which the grammar misreads: the standard attribute, padded. */
const GNU_FALLTHROUGH = /__attribute__\s*\(\(\s*fallthrough\s*\)\)(?=\s*;)/g;

/** An extended lambda's execution space (`[=] __device__ (int i) {...}`): the grammar takes none. */
const LAMBDA_SPACE = /(\]\s*)((?:__host__\s+)?__device__(?:\s+__host__)?)(?=\s*\()/g;

/** `new float *[n]` (an array of pointers), which the grammar cannot parse: the stars become
    spaces (`new float  [n]`); no analysis reads the element type of a `new`. */
const NEW_POINTER_ARRAY = /(\bnew\s+(?:(?:const|unsigned|signed|struct|long|short)\s+)*[A-Za-z_]\w*(?:\s*::\s*\w+)*(?:\s*<[^<>;()]*>)?)(\s*\*[\s*]*)(?=\[)/g;

/**
 * Execution-space specifiers before `friend` (`__host__ __device__ friend C operator+(...)`),
 * which the grammar takes only after it: `friend` is blanked, so the function reads as a member
 * (nothing translated depends on its being a friend).
 */
const SPACE_THEN_FRIEND = /((?:\b(?:__host__|__device__|__forceinline__|__inline__|inline|static|constexpr)\b\s+)+)friend\b/g;

/** GNU's case ranges (`case 'a' ... 'z':`): the ellipsis becomes `+0+` (the label's text is read as written). */
const CASE_RANGE = /(\bcase\s[^:;{}]*?)\.\.\.(?=[^:;{}]*:)/g;

/**
 * A macro standing for a string between string literals (`"%" PRId64 "\n"`, `"n=" STR(N)`, `FMT "\n"`),
 * which the grammar cannot concatenate: the macro's use becomes a string literal of its length. A
 * literal on a directive line (`#include "k.h"` before a line of code) is no part of one.
 */
const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
const MACRO_USE = String.raw`[A-Za-z_]\w*(?:\s*\([^()"\n]*\))?`;
const MACRO_AFTER_STRING = new RegExp(String.raw`(${STRING}\s+)(${MACRO_USE})(?=\s*(?:"|[,);]))`, 'g');
const MACRO_BEFORE_STRING = new RegExp(String.raw`([(,]\s*)(${MACRO_USE})(?=\s+${STRING})`, 'g');

const asString = (use: string): string => (use.length < 2 ? use : `"${' '.repeat(use.length - 2)}"`);

/** text[at] is on a directive line (`#include "k.h"`, `#else`, `#endif // defined(X)`). */
const onDirectiveLine = (text: string, at: number): boolean => /^[ \t]*#/.test(text.slice(text.lastIndexOf('\n', at) + 1, at));

function stringMacros(text: string): string {
  if (!text.includes('"')) return text;
  const directive = (at: number) => onDirectiveLine(text, at);
  return text
    .replace(MACRO_AFTER_STRING, (m, before: string, use: string, at: number) => (directive(at) ? m : before + asString(use)))
    .replace(MACRO_BEFORE_STRING, (m, before: string, use: string, at: number) => (directive(at) ? m : before + asString(use)));
}

/**
 * A directive the grammar cannot place: `#pragma` as the body of an unbraced `for`, `while` or
 * `if` (PolyBench's `for (...)` `#pragma unroll` `for (...)`), and the `_Pragma("unroll")`
 * operator anywhere: blanked (the text keeps them; nothing translated reads them).
 */
const PRAGMA_AS_BODY = /(\)|\belse)([ \t]*(?:\/\/[^\n]*)?\r?\n)([ \t]*#[ \t]*pragma\b[^\n]*)/g;
const PRAGMA_OPERATOR = /\b_Pragma\s*\(\s*"(?:[^"\\\n]|\\.)*"\s*\)/g;

function unplacedPragmas(text: string): string {
  if (!text.includes('ragma')) return text;
  // The line ending in `)` or `else` is code, not a directive.
  const directive = (at: number) => onDirectiveLine(text, at);
  return text
    .replace(PRAGMA_AS_BODY, (m, end: string, gap: string, pragma: string, at: number) => (directive(at) ? m : end + gap + ' '.repeat(pragma.length)))
    .replace(PRAGMA_OPERATOR, (m) => ' '.repeat(m.length));
}

export function textForParser(text: string): string {
  let out = unplacedPragmas(stringMacros(text));
  for (const [pattern, replacement] of SAME_LENGTH) out = out.replace(pattern, replacement);
  out = out.replace(CALLBACK_CONVENTION, (m) => ' '.repeat(m.length));
  out = out.replace(GNU_FALLTHROUGH, (m) => '[[fallthrough]]'.padEnd(m.length));
  out = out.replace(CASE_RANGE, '$1+0+');
  out = out.replace(SPACE_THEN_FRIEND, (m, specifiers: string) => (/\b__device__\b/.test(specifiers) ? specifiers + '      ' : m));
  out = out.replace(NEW_POINTER_ARRAY, (_, head: string, stars: string) => head + ' '.repeat(stars.length));
  return out.replace(LAMBDA_SPACE, (_, open: string, space: string) => open + ' '.repeat(space.length));
}
