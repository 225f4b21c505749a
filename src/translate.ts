// One source file through the pipeline: checks -> parse -> analyse -> rewrite (device, host) ->
// emit (device entries, registration, build variables). Pure: text in, files out; the CLI writes.
import { basename, dirname, extname, relative, resolve, sep } from 'node:path';
import { readSource, type SourceFile } from './parse/source.js';
import { parse, type Node } from './parse/parser.js';
import { errorNodes, lexicalProblems, syntaxProblems } from './parse/checks.js';
import { textForParser } from './parse/normalise.js';
import { HIP_MACROS, macroDefinitions, type MacroTable } from './parse/macros.js';
import { COMPILER_MACROS, decidedNotTaken, skippedOnDevice, uncertainBranches, within } from './parse/conditionals.js';
import { parseForTranslation, statementOf, missingButValid, topLevelItem } from './parse/repair.js';
import { GPU_SPACE } from './parse/gpu-macros.js';
import { analyseProgram, fileSharedVars, firstLaunchItem, type FunctionInfo, type GlobalVar, type Program } from './analyse/program.js';
import { namesUsedBy } from './analyse/device-lambdas.js';
import { TypeTable } from './analyse/types.js';
import { collectInstances, type InstanceProblem, type KernelInstance } from './analyse/instances.js';
import { TemplateBindings, dispatches } from './analyse/template-bindings.js';
import { placeProgram, SharedLayout, type ProgramFile } from './analyse/shared-memory.js';
import { sharedInstantiations } from './analyse/shared-instantiations.js';
import { findConstructs } from './analyse/constructs.js';
import { undefinedDeviceCalls } from './analyse/device-calls.js';
import { applyExpansions, expandedSpans, expandGpuMacros } from './analyse/launch-macros.js';
import { analysedMacroUses } from './analyse/macro-uses.js';
import { writtenAgainstHip } from './dialect.js';
import { namespacesOf, position, scan } from './analyse/syntax.js';
import { missingLibraryNames } from './analyse/library-names.js';
import { commandLineRoots, includedHeaders, includesThroughHeaders, isHeader, localHeaderRoots, plainIncludeRoots, precedingPrograms, translatedHeaderPath, unresolvedIncludes, type IncludedHeader } from './analyse/includes.js';
import { textIncluders } from './analyse/text-includers.js';
import { dispatcherDeclaration, inKernelNamespaces, launchStubs, stubDeclaration } from './emit/launch-stub.js';
import type { Abi } from './layout/index.js';
import type { RuleSet } from './rules/index.js';
import { appendToFile, EditSet } from './rewrite/edits.js';
import { qualifyMemberAliases } from './rewrite/member-aliases.js';
import { Reporter, type RuleUse, type Unconverted } from './rewrite/reporter.js';
import { DeviceRewriter } from './rewrite/device.js';
import { keepCLinkage, rewriteHost, stubsBeforeFirstLaunch } from './rewrite/host.js';
import { rewriteLayoutCopies } from './rewrite/layout-copies.js';
import { deviceMemoryFlows } from './analyse/device-memory.js';
import { kernelArgs } from './emit/kernel-args.js';
import { deviceEntry } from './emit/device-entry.js';
import { lanesMayLeave, threadEnders, WarpOps, withCallers } from './analyse/warp-ops.js';
import { warpSynchronousSteps } from './analyse/warp-synchronous.js';
import { launchBound } from './analyse/launch-bounds.js';
import { blockShape } from './analyse/launch-width.js';
import { integerConstants } from './analyse/warp-uniformity.js';
import { registrationSource, type RegisteredKernel } from './emit/registration.js';
import { includesOpenMP, isCSource, makefileFragment } from './emit/makefile.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from './report/diagnostic.js';
import { bundledLibrary, findQuotedInclude, isBundled, looksLikeGpuSource, reachesGpuCode } from './gpu-hint.js';
import { identifier, stemOf } from './output-names.js';

export { looksLikeGpuSource };

export type { RuleUse, Unconverted };

export interface TranslateOptions {
  xlen: 32 | 64;
  /** Lanes of a logical warp (hip2vx_device.h's HIP2VX_WARP_SIZE); 32 when absent. */
  warpSize?: 32 | 64;
  divergence: 'explicit' | 'compiler';
  rules: RuleSet;
  annotate?: boolean;
  /** Where `#include "..."` files are looked for after the including file's directory. */
  includeDirs?: readonly string[];
  /** -D macros (`NAME` or `NAME=VALUE`): defined before the file, and in its build. */
  defines?: readonly string[];
  /** Translate as a header whatever the extension (a `.cu` another source includes). */
  asHeader?: boolean;
  /** Texts whose macros are defined before this file (a header's includer up to its #include). */
  macroContext?: readonly string[];
  /** Named programs' sources from outside the run's inputs (absolute): no run translates the headers beside them, so they do. */
  outsideSources?: readonly string[];
  /** A header's: the files its includer's translation unit included as text before it (it may launch their kernels). */
  preceding?: readonly string[];
  /** A header's: the device globals its includer declared before its #include (`__constant__ float c[2];` then `#include "kernel.cu"`). */
  includerGlobals?: readonly GlobalVar[];
  /** By directory, its sources another one there includes as text (`textIncluders`, found once per run); a directory absent is read. */
  textIncluders?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export interface OutputFile {
  name: string;
  content: string;
  /** header: the translation of a GPU header from outside the file's directory (see externalHeaders). */
  role: 'host' | 'device' | 'registration' | 'build' | 'header';
  /** Written in Latin-1 (its source was; the characters are its bytes), else UTF-8. */
  encoding?: 'latin1';
}

export interface TranslationStats {
  kernels: number;
  kernelInstances: number;
  launches: number;
  converted: RuleUse[];
  unconverted: Unconverted[];
}

export interface TranslationResult {
  source: SourceFile;
  hasGpuCode: boolean;
  alreadyTranslated: boolean;
  outputs: OutputFile[];
  diagnostics: Diagnostic[];
  stats: TranslationStats;
  program: { name: string; kernels: string[]; hasMain: boolean };
}

export const GENERATED_MARK = '// Generated by hip2vortex';


export function translateSource(file: SourceFile, options: TranslateOptions): TranslationResult {
  const result = translateText(file, options);
  if (!file.latin1 || !result.hasGpuCode) return result;
  // Outputs keep the source's bytes: written back in Latin-1 (a header's keep their own encoding).
  const note: Diagnostic = { file: file.path, ...file.latin1, severity: 'warning', ruleId: 'input-encoding', message: 'file is not valid UTF-8 text: read as Latin-1, and its translations are written in Latin-1' };
  return { ...result, diagnostics: sortDiagnostics([note, ...result.diagnostics]), outputs: result.outputs.map((o) => (o.role === 'header' ? o : { ...o, encoding: 'latin1' as const })) };
}

function translateText(file: SourceFile, options: TranslateOptions): TranslationResult {
  const stem = stemOf(file.path);
  const name = identifier(stem);
  const result: TranslationResult = {
    source: file,
    hasGpuCode: false,
    alreadyTranslated: file.text.startsWith(GENERATED_MARK),
    outputs: [],
    diagnostics: [],
    stats: { kernels: 0, kernelInstances: 0, launches: 0, converted: [], unconverted: [] },
    program: { name, kernels: [], hasMain: false },
  };
  if (result.alreadyTranslated) {
    result.diagnostics.push({ file: file.path, line: 1, col: 1, severity: 'error', ruleId: 'already-translated', message: 'this file is hip2vortex output; translate its source instead' });
    return result;
  }
  result.hasGpuCode = reachesGpuCode(file.path, file.text, options.includeDirs ?? []);
  if (!result.hasGpuCode) return result;
  const includer = !options.asHeader && !isHeader(file.path) ? includerOf(resolve(file.path), options.textIncluders) : undefined;
  if (includer) {
    result.hasGpuCode = false;
    result.diagnostics.push({ file: file.path, line: 1, col: 1, severity: 'note', ruleId: 'included-as-text', message: `${basename(includer)} includes this file as text and translates it there (beside its own outputs); it is not translated on its own` });
    return result;
  }
  const early = lexicalProblems(file.path, file.text);
  if (early.length) return { ...result, diagnostics: early };
  const first = parse(textForParser(file.text));
  // The macros the file and the local headers it reaches define; uses spelling GPU code expanded.
  const firstHeaders = [...commandLineRoots(options.defines), ...localHeaderRoots(first.rootNode, file.path, options.includeDirs ?? [])];
  const headerTexts = firstHeaders.map((r) => r.tree.text);
  const before = macroDefinitions([HIP_MACROS, ...(options.macroContext ?? []), ...headerTexts]);
  const macros = macroDefinitions([file.text], before);
  const expanded = expandGpuMacros(file.text, macros, !!options.annotate, before);
  let source = expanded === undefined ? file : { ...file, text: expanded };
  let tree = parseForTranslation(source.text, macros, expanded === undefined ? first : undefined);
  let parsedText = tree.text;
  const valid = (error: Node) => missingButValid(error, macros);
  try {
    const syntax = syntaxProblems(file.path, tree.rootNode, untouchedError, valid);
    if (hasErrors(syntax)) return { ...result, diagnostics: sortDiagnostics([...syntax, ...unsupportedDespiteSyntax(tree.rootNode, parsedText, file.path, options.rules)]) };
    // Launches inside macros, and in device code macros naming device globals or branching (see
    // deviceMacroExpansions): their uses are expanded, then the text is parsed again.
    const parsed = analyseProgram(tree.rootNode, parsedText, source.text);
    let expansions = analysedMacroUses(tree.rootNode, source.text, parsed, macros, WarpOps.of(options.rules).names);
    const unread: Diagnostic[] = [];
    while (expansions.length) {
      const text = applyExpansions(source.text, expansions, !!options.annotate);
      const candidate = parseForTranslation(text, macros);
      const again = syntaxProblems(file.path, candidate.rootNode, untouchedError, valid);
      if (!hasErrors(again)) {
        tree.delete();
        [source, tree, parsedText] = [{ ...source, text }, candidate, candidate.text];
        break;
      }
      // A use whose expansion the grammar cannot read (a GNU statement expression `({ ... })`) stays as written.
      const errors = errorNodes(candidate.rootNode);
      const spans = expandedSpans(expansions, !!options.annotate);
      const readable = expansions.filter((_, i) => !errors.some((n) => n.startIndex < spans[i][1] && spans[i][0] < n.endIndex));
      candidate.delete();
      if (readable.length === expansions.length) return { ...result, diagnostics: again };
      for (const e of expansions.filter((u) => !readable.includes(u))) {
        const at = tree.position(e.start);
        unread.push({ file: file.path, line: at.row + 1, col: at.column + 1, severity: 'warning', ruleId: 'macro-unreadable', message: `the expansion of macro '${e.macro}' cannot be parsed (a GNU statement expression?): the use stays as written, and branches in it are not bracketed for divergence on Vortex` });
      }
      expansions = readable;
    }
    // What was found on this tree already, when it is the one translated.
    const known: Known = { macros, program: expansions.length ? undefined : parsed, localHeaders: tree === first ? firstHeaders : undefined };
    const translated = translateTree(tree.rootNode, parsedText, source, options, result, skippedOnDevice(source.text, macros), known);
    return syntax.length || unread.length ? { ...translated, diagnostics: sortDiagnostics([...syntax, ...unread, ...translated.diagnostics]) } : translated;
  } finally {
    tree.delete();
  }
}

function includerOf(path: string, known: TranslateOptions['textIncluders']): string | undefined {
  const dir = dirname(path);
  return (known?.get(dir) ?? textIncluders(dir)).get(path);
}

const NAMES = new Set(['identifier', 'type_identifier', 'field_identifier']);

/**
 * A syntax error inside a top-level item (a host function, a declaration) with no GPU code or
 * name in it, or inside a statement of host code with none: nothing there would be rewritten, and
 * the error cannot hide a launch or a kernel (what it swallowed is in the statement's text).
 */
function untouchedError(error: Node): boolean {
  const item = topLevelItem(error);
  return !looksLikeGpuSource(item.text) || (!GPU_SPACE.test(item.text) && !looksLikeGpuSource(statementOf(error).text));
}

/**
 * Despite a syntax error, the unsupported features (textures, interop, runtime compilation...)
 * the file uses, by name and by construct, so the user learns all that stands in the way at once.
 */
function unsupportedDespiteSyntax(root: Node, text: string, path: string, rules: RuleSet): Diagnostic[] {
  const report = new Reporter(path, rules);
  findConstructs(analyseProgram(root, text), rules.deviceBuiltins, (node, id) => report.construct(node, id));
  // Host names only: which code is device code is not known in a broken tree, and device-side
  // entries (e.g. hipDeviceSynchronize called by a kernel) would misname host calls.
  scan(root, NAMES, (n) => {
    const name = rules.hostNames.get(n.text);
    if (name?.report?.severity === 'error') report.rule(n, name.report);
    else if (!name) {
      const construct = rules.constructForName(n.text, 'host');
      if (construct && construct.status === 'unsupported') report.construct(n, construct.id);
    }
  });
  return report.diagnostics;
}

/** A file's own program or a GPU header it includes: where kernels come from. */
interface Unit {
  program: Program;
  types: TypeTable;
  shared: SharedLayout;
  instances: KernelInstance[];
  header?: IncludedHeader;
}

/** Analyses of the translated tree made before translateTree (each computed once). */
interface Known {
  macros: MacroTable;
  program?: Program;
  localHeaders?: Node[];
}

/** `deviceSkips`: text the device compiler skips (`#if __CUDA_ARCH__ < 800`): its device functions are not device code. */
function translateTree(root: Node, parsedText: string, file: SourceFile, options: TranslateOptions, result: TranslationResult, deviceSkips: readonly [number, number][], known: Known): TranslationResult {
  const nl = file.crlf ? '\r\n' : '\n';
  const deviceAbi: Abi = options.xlen === 32 ? 'rv32' : 'rv64';
  const headerMode = options.asHeader || isHeader(file.path);
  const report = new Reporter(file.path, options.rules);
  report.deviceSkips = decidedNotTaken(file.text, known.macros);
  const program = known.program ?? analyseProgram(root, parsedText, file.text);
  // Not compiled: a branch the device compiler skips, or one the macros in sight (-D included) decide against (`#if 0`, `#ifdef OLD_API`).
  const skipped = [...deviceSkips, ...report.deviceSkips];
  const compiled = (f: FunctionInfo) => !within(f.node, skipped);
  const deviceProgram: Program = { ...program, kernels: program.kernels.filter(compiled), deviceFunctions: program.deviceFunctions.filter(compiled) };
  const includeDirs = options.includeDirs ?? [];
  const isGpu = (text: string, path: string) => reachesGpuCode(path, text, includeDirs);
  const localHeaders = known.localHeaders ?? [...commandLineRoots(options.defines), ...localHeaderRoots(root, file.path, includeDirs)];
  const reached = includedHeaders(root, file.path, includeDirs, {
    looksLikeGpu: isGpu,
    cycle: (directive, included) => report.at(directive, 'warning', 'include-cycle', `'${basename(included)}' is already being included here (an include cycle): not followed`),
    warpOps: WarpOps.of(options.rules).names,
  }, [...localHeaders, root]);
  // A header included again (its guard makes the second inclusion empty) gives nothing more than its translation's path;
  // one included in a branch not compiled (`#ifdef USE_DOUBLE`) gives nothing.
  const headers = reached.filter((h, i) => reached.findIndex((o) => o.file === h.file) === i && !within(h.directive, report.deviceSkips));
  const repeated = reached.filter((h) => !h.nested && !headers.includes(h));
  // The preprocessor looks for a quoted include beside the file and in -I first: a user's "hip/vision.h" is not HIP's.
  // A bundled library (<hipcub/...>) is translated as one of the program's headers, except the parts a rule refuses.
  const headerRule = (path: string, quoted: boolean) => {
    const rule = options.rules.lookupHeader(path);
    if (quoted ? findQuotedInclude(file.path, path, includeDirs) : bundledLibrary(path) && rule?.status !== 'unsupported') return undefined;
    return rule;
  };
  for (const pathNode of unresolvedIncludes(root, file.path, includeDirs, (written) => !!options.rules.lookupHeader(written), () => uncertainBranches(file.text, known.macros))) {
    const where = pathNode.type === 'string_literal' ? `beside ${basename(file.path)} nor in an -I directory` : "in an -I directory nor among the compiler's headers and the libraries hip2vortex bundles";
    report.at(pathNode, 'warning', 'include-not-found', `'${pathNode.text.slice(1, -1)}' is found neither ${where}: the build fails unless the compiler finds it elsewhere (give hip2vortex and the build its directory with -I)`);
  }
  for (const { node, name, library } of missingLibraryNames(root)) {
    report.at(node, 'error', 'cuda-library', `'${name}' is not in the ${library} subset hip2vortex bundles (libraries/README.md lists it)`);
  }
  // A library a local header includes (boost, hipBLASLt) is refused here, not left to the build.
  const library = (written: string) => options.rules.lookupHeader(written)?.report?.severity === 'error';
  for (const { directive, written } of includesThroughHeaders(root, file.path, includeDirs, library)) {
    const r = options.rules.lookupHeader(written)!.report!;
    report.at(directive, 'error', r.rule, `${basename(directive.childForFieldName('path')!.text.slice(1, -1))} includes <${written}>: ${r.what} is not supported on Vortex v2.2 (${r.reason})`);
  }
  const ownTypes = new TypeTable(root, localHeaders);
  // What the includer included as text before this header: their kernels may be launched here.
  const preceding = headerMode ? precedingPrograms(options.preceding ?? [], includeDirs) : [];
  const bindings = new TemplateBindings([program, ...headers.map((h) => h.program), ...preceding.map((p) => p.program)], ownTypes, localHeaders);
  try {
    const launchInstance = new Map<number, string>();
    // A problem in a header is reported at the directive that includes it.
    const problem = (pr: InstanceProblem) => {
      const header = headers.find((h) => h.program.root.tree === pr.node.tree);
      report.at(header?.directive ?? pr.node, 'error', pr.ruleId, header ? `${basename(header.written)}: ${pr.message}` : pr.message);
    };
    // Device globals and functions of every file in sight: a kernel may reach a header's
    // `__constant__` table directly or through its device functions (each instance passes it).
    const inSight = [program, ...headers.map((h) => h.program), ...preceding.map((p) => p.program)];
    const visible = { globals: inSight.flatMap((p) => p.globals), deviceFunctions: inSight.flatMap((p) => p.deviceFunctions), memberFunctions: inSight.flatMap((p) => p.memberFunctions) };
    const unit = (p: Program, types: TypeTable, header?: IncludedHeader): Unit => {
      // A header's kernels are launched here and in any header of the unit (text included after it).
      const launches = header ? [...program.launches, ...headers.flatMap((h) => h.program.launches)] : program.launches;
      const { instances, problems, launchIds } = collectInstances({ ...p, launches, ...visible }, types, bindings, headerMode && !header);
      launchIds.forEach((id, call) => launchInstance.set(call, id));
      problems.forEach(problem);
      return { program: p, types, shared: new SharedLayout(p, types, deviceAbi, known.macros), instances, header };
    };
    const all = unit(program, ownTypes);
    // One instance per id, of the kernel the device compiles (`#if __CUDA_ARCH__ >= 800 k #else k`).
    const own = { ...all, instances: all.instances.filter((i, n) => compiled(i.kernel) && all.instances.findIndex((j) => j.id === i.id && compiled(j.kernel)) === n) };
    const precedingUnits = preceding.map((p) => unit(p.program, p.types));
    const units = [own, ...headers.map((h) => unit(h.program, h.types, h)), ...precedingUnits];
    bindings.problems.forEach(problem);
    const instances = units.flatMap((u) => u.instances);
    const templateShared = headerMode ? { found: [], problems: [] } : sharedInstantiations(instances, units.map((u) => ({ functions: u.program.deviceFunctions, layout: u.shared })), bindings);
    templateShared.problems.forEach(problem);
    const programFile = (u: Unit, path: string): ProgramFile => ({ shared: u.shared, path, name: identifier(basename(path)), written: u.header?.written ?? '' });
    const sharedBases = placeProgram(
      programFile(own, file.path),
      headers.map((h, i) => programFile(units[i + 1], h.file)),
      headerMode,
      (i, message) => report.at(headers[i].directive, 'error', 'shared-header-clash', message),
      templateShared.found,
    );

    const ext = extname(file.path);
    const stem = stemOf(file.path);
    const files = headerMode
      ? { host: `${stem}.host${ext}`, device: `${stem}.device${ext}`, registration: '', build: '' }
      : { host: `${stem}.host.cpp`, device: `${stem}.device.cpp`, registration: `${stem}.register.cpp`, build: `${stem}.mk` };
    // A GPU header always has a device translation: the including files' device sources include it.
    const hasDevice = headerMode || program.kernels.length > 0 || program.deviceFunctions.length > 0 || program.globals.length > 0 || instances.length > 0;

    const hostEdits = new EditSet(file.text);
    const kernels = units.flatMap((u) => u.program.kernels);
    const warpSynchronous = units.flatMap((u) => [...warpSynchronousSteps(u.program).keys()].map((f) => f.name));
    const warpUsers = WarpOps.of(options.rules).users(units.flatMap((u) => [...u.program.kernels, ...u.program.deviceFunctions, ...u.program.memberFunctions]), warpSynchronous);
    const warpEnders = threadEnders(units.map((u) => u.program), warpUsers);
    const declaredKernels = units.flatMap((u) => u.program.functions.filter((f) => f.kind === 'kernel' && !f.body));
    const includedInstances = units.filter((u) => u.header).flatMap((u) => u.instances);
    rewriteHost({ program, kernels, declaredKernels, launchInstance, instances: own.instances, includedInstances, edits: hostEdits, rules: options.rules, headerRule, report, programName: result.program.name, deviceAbi, deviceFile: files.device, headerMode, nl });
    if (!headerMode && isCSource(file.path)) keepCLinkage(program, hostEdits);
    const flows = deviceMemoryFlows({ program, types: own.types, instances, launchInstance, deviceAbi });
    rewriteLayoutCopies(flows, hostEdits, report, deviceAbi);
    const deviceEdits = new EditSet(file.text);
    let deviceRewriter: DeviceRewriter | undefined;
    if (hasDevice) {
      report.side = 'device';
      findConstructs(deviceProgram, options.rules.deviceBuiltins, (node, id) => report.construct(node, id));
      // A header's calls may be defined by what its includers include before it: checked there.
      for (const call of headerMode ? [] : undefinedDeviceCalls(deviceProgram, units.map((u) => u.program))) {
        const name = call.childForFieldName('function')!.text;
        report.at(call, 'error', 'device-function-undefined', `device function '${name}' is declared but defined in no file this one includes; a Vortex kernel is built from one translation unit (no relocatable device code): define it in a header`);
      }
      // A header's includers' device code may use anything it includes, but not a source's
      // functions (`#include "solver.cu"`, host code): it is kept for what its device code uses.
      const includesSource = (directive: Node) => !isHeader(directive.childForFieldName('path')?.text.slice(1, -1) ?? '');
      const plainIncludes = (directive: Node) => (headerMode && !includesSource(directive) ? undefined : plainIncludeRoots(directive, file.path, includeDirs, isGpu));
      let analysed: Program[] | undefined;
      const includedPrograms = () => (analysed ??= localHeaders.map((r) => analyseProgram(r, r.text)));
      // As written: names in #if conditions count (a configuration macro).
      // A bundled library's names are its own: `reference` there is not the program's reference.h.
      const headerNames = new Set(headers.filter((h) => !isBundled(h.file)).flatMap((h) => h.source.match(/\b[A-Za-z_]\w*/g) ?? []));
      deviceRewriter = new DeviceRewriter(deviceProgram, deviceEdits, options.rules, report, own.shared, { divergence: options.divergence, xlen: options.xlen, types: own.types, warpUsers, warpEnders, warpSize: options.warpSize, instances, plainIncludeRoots: plainIncludes, headerRule, headerNames, namespaces: namespacesDefined([...localHeaders, root]), header: headerMode, visibleGlobals: [...visible.globals.filter((g) => !program.globals.includes(g)), ...(options.includerGlobals ?? [])], includedFunctions: () => includedPrograms().flatMap((p) => p.deviceFunctions), includedMemberFunctions: () => includedPrograms().flatMap((p) => p.memberFunctions), includedFileShared: inSight.slice(1).flatMap((p) => p.fileShared.flatMap((o) => fileSharedVars(o).map((v) => v.name))), instanceNames: new Set(instances.flatMap((i) => i.templateArgs.join(' ').match(/[A-Za-z_]\w*/g) ?? [])), headerDeviceNames: namesUsedBy(headers.flatMap((h) => [...h.program.kernels, ...h.program.deviceFunctions])), macros: known.macros });
      deviceRewriter.run();
      refuseNarrowBlocks(program, units.flatMap((u) => [...u.program.kernels, ...u.program.deviceFunctions]), deviceRewriter.rowsAssumed, options.warpSize ?? 32, report);
    }
    qualifyMemberAliases(root, [hostEdits, deviceEdits]);
    includeTranslatedHeaders(units, repeated, hostEdits, deviceEdits, result.program.name, deviceAbi, nl, file.path, headerMode, options);
    declarePrecedingStubs(precedingUnits.flatMap((u) => u.instances), hostEdits, nl);
    if (options.annotate) {
      for (const a of report.annotations) (a.side === 'host' ? hostEdits : deviceEdits).wrap(a.node, `/* hip2vortex: ${a.ruleId}${a.note ? `: ${a.note}` : ''} */ `, '');
    }

    const outputs: OutputFile[] = [
      { name: files.host, role: 'host', content: header(file, 'host code', nl) + '#include <hip2vx_host.h>' + nl + hostEdits.printFile(root) },
    ];
    const device = { voters: deviceRewriter?.voters ?? new Set<string>(), leavers: deviceRewriter?.leavers ?? new Set<string>() };
    const entries = hasDevice && !headerMode ? units.flatMap((u) => registered(u, deviceAbi, warpUsers, warpEnders, WarpOps.of(options.rules), device)) : [];
    // After the entries: measuring an instance's shared data can fail (never drop it silently).
    if (hasDevice) own.shared.problems.forEach((p) => problem({ ...p, ruleId: 'unknown-type' }));
    if (hasDevice) {
      const checks = entries.length ? [...units.flatMap((u) => u.shared.functionSizeChecks()), ...own.shared.instantiationDefinitions] : [];
      const code = withoutMacros([...checks, ...entries.map((k) => deviceEntry({ ...k.entry, deviceAbi }, nl))].join(nl), entries.flatMap((k) => k.entry.instance.params.map((p) => p.name)), known.macros, nl);
      outputs.push({ name: files.device, role: 'device', content: header(file, 'device code for Vortex', nl) + devicePrelude(options, !headerMode && writtenAgainstHip(file.text), sharedBases, nl) + deviceEdits.printFile(root) + nl + code });
      deviceRewriter?.reportNesting();
    }
    // A program's main gets a build even without kernels (device queries, bandwidth tests).
    // A main() under `#ifdef STANDALONE_TEST` that nothing defines is not one.
    const hasMain = program.hasMain && program.functions.some((f) => f.name === 'main' && f.body && !within(f.node, decidedNotTaken(file.text, known.macros, COMPILER_MACROS.host)));
    const buildsProgram = !headerMode && hasMain;
    if (entries.length || buildsProgram) {
      outputs.push({ name: files.registration, role: 'registration', content: registrationSource(result.program.name, basename(file.path), options.xlen, entries.map((k) => k.registration), nl, options.warpSize) });
    }
    if (buildsProgram) {
      outputs.push({
        name: files.build,
        role: 'build',
        content: makefileFragment({ program: result.program.name, kernels: entries.map((k) => k.registration.id), device: files.device, host: files.host, registration: files.registration, xlen: options.xlen, source: basename(file.path), includeDirs: options.includeDirs, defines: options.defines, openmp: [file.text, ...localHeaders.map((r) => r.tree.text)].some(includesOpenMP), c: isCSource(file.path) }),
      });
    }

    // What the includer defines and declares before an #include is in sight of the file it includes.
    const context = (directive: Node): Pick<TranslateOptions, 'macroContext' | 'includerGlobals'> => ({
      macroContext: [...(options.macroContext ?? []), ...localHeaders.map((r) => r.tree.text), file.text.slice(0, directive.startIndex)],
      includerGlobals: [...(options.includerGlobals ?? []), ...program.globals.filter((g) => g.declaration.endIndex <= directive.startIndex)],
    });
    const external = externalHeaders(headers, file.path, options, context);
    outputs.push(...external.outputs);
    const diagnostics = sortDiagnostics([...report.diagnostics, ...external.diagnostics]);
    return {
      ...result,
      outputs: hasErrors(diagnostics) ? [] : outputs,
      diagnostics,
      stats: { kernels: program.kernels.length, kernelInstances: instances.length, launches: program.launches.length, converted: report.converted, unconverted: report.unconverted },
      program: { name: result.program.name, kernels: instances.map((i) => i.id), hasMain },
    };
  } finally {
    bindings.dispose();
    reached.forEach((h) => h.tree.delete());
  }
}

/**
 * `code` with the macros of the given names (kernel parameters named like a macro the program
 * defines after the kernel: `#define P_x 5`) set aside around it, so the fields and arguments it
 * names after the parameters stay names.
 */
function withoutMacros(code: string, names: readonly string[], macros: MacroTable, nl: string): string {
  const hidden = [...new Set(names)].filter((n) => macros.has(n));
  if (!hidden.length) return code;
  return [...hidden.map((n) => `#pragma push_macro("${n}")${nl}#undef ${n}`), code, ...hidden.map((n) => `#pragma pop_macro("${n}")`)].join(nl);
}

/**
 * Directly included GPU headers become their translations; stubs of their launched kernels follow
 * (in a header, their declarations: the sources including it define them, as for its own kernels).
 */
function includeTranslatedHeaders(units: Unit[], repeated: readonly IncludedHeader[], hostEdits: EditSet, deviceEdits: EditSet, programName: string, deviceAbi: Abi, nl: string, path: string, headerMode: boolean, options: TranslateOptions): void {
  const own = units[0].program;
  const later: KernelInstance[] = [];
  const byDirective = new Map<number, Unit[]>();
  for (const u of units) if (u.header) byDirective.set(u.header.directive.id, [...(byDirective.get(u.header.directive.id) ?? []), u]);
  const includeTranslation = (h: IncludedHeader) => {
    const pathNode = h.directive.childForFieldName('path')!;
    const written = byIncluder(h.file, path, options) ? basename(h.file) : pathFromIncluder(h, path);
    hostEdits.replace(pathNode, `"${translatedHeaderPath(written, 'host')}"`);
    deviceEdits.replace(pathNode, `"${translatedHeaderPath(written, 'device')}"`);
  };
  repeated.forEach(includeTranslation);
  for (const group of byDirective.values()) {
    const direct = group.find((u) => !u.header!.nested)?.header;
    if (!direct) continue;
    includeTranslation(direct);
    // A dispatcher is declared by the header when its own host templates launch the kernel.
    const primaries = (u: Unit) => new Set(u.program.kernels.filter((k) => dispatches(own, k) && !dispatches(u.program, k)));
    // A template instance only launched directly may name a type the file defines after the
    // #include (`fill<Pt>`): its stub goes before the top-level item of its first launch.
    // (This file's launches only: an inline function of the header may launch it too.)
    const ownLaunches = (i: KernelInstance) => i.launches.filter((l) => l.call.tree === own.root.tree);
    const isLater = (i: KernelInstance) => !headerMode && i.templateArgs.length > 0 && !i.dispatched && !dispatches(own, i.kernel) && ownLaunches(i).length > 0 && firstLaunchItem(ownLaunches(i)).startIndex > direct.directive.endIndex;
    later.push(...group.flatMap((u) => u.instances).filter(isLater).map((i) => ({ ...i, launches: ownLaunches(i) })));
    const placed = group.map((u) =>
      headerMode
        ? inKernelNamespaces(u.instances.filter((i) => i.launches.length > 0), primaries(u), (instances, kernels) => ({ here: [...instances.map(stubDeclaration), ...[...kernels].flatMap(dispatcherDeclaration)], atEnd: [] }))
        : inKernelNamespaces(u.instances.filter((i) => !isLater(i)), primaries(u), (instances, kernels) => launchStubs(instances, programName, deviceAbi, nl, kernels)),
    );
    const stubs = placed.flatMap((p) => p.here);
    const atEnd = placed.flatMap((p) => p.atEnd);
    if (atEnd.length) appendToFile(hostEdits, own.root, [`/* hip2vortex: launch stubs of the kernels of ${direct.written} for the instances their dispatchers launch: */`, ...atEnd], nl);
    const what = headerMode ? 'launch stubs (defined by the files including this one)' : 'launch stubs';
    if (stubs.length) hostEdits.wrap(direct.directive, '', `/* hip2vortex: ${what} of the kernels of ${direct.written} launched here: */${nl}${stubs.join(nl)}${nl}`);
  }
  stubsBeforeFirstLaunch(hostEdits, later, programName, deviceAbi, nl, 'launch stubs of header kernels for types defined after their #include');
}

/**
 * Stubs of the kernels of files included before this header that it launches, declared before the
 * top-level item of its first such launch (the includer, which sees those files, defines them).
 */
function declarePrecedingStubs(instances: readonly KernelInstance[], hostEdits: EditSet, nl: string): void {
  const launched = instances.filter((i) => i.launches.length > 0);
  if (!launched.length) return;
  const item = firstLaunchItem(launched.flatMap((i) => i.launches));
  const stubs = inKernelNamespaces(launched, new Set(), (instances) => ({ here: instances.map(stubDeclaration), atEnd: [] })).here;
  hostEdits.wrap(item, `/* hip2vortex: launch stubs of the kernels of files included before this one (the file including them defines them): */${nl}${stubs.join(nl)}${nl}`, '');
}

/**
 * How a header of the includer's own tree is included: as written when found from the includer's
 * directory; found through an -I directory, by its path from there, where its translation is
 * written too (the build's -I directories hold only the untranslated header).
 */
function pathFromIncluder(header: IncludedHeader, includer: string): string {
  const dir = dirname(resolve(includer));
  return resolve(dir, header.written) === header.file ? header.written : relative(dir, header.file).split(sep).join('/');
}

/**
 * Headers a run over the includer's tree does not translate as headers: those outside its
 * directory (found through -I or `../`), bundled libraries, sources included as text (`#include
 * "kernels.cu"`), and every header of a named program's source from outside the run's inputs.
 * The includer translates them beside its outputs, under their base names.
 */
const byIncluder = (header: string, includer: string, options: TranslateOptions) =>
  relative(dirname(resolve(includer)), header).startsWith('..') || !isHeader(header) || isBundled(header) || !!options.outsideSources?.includes(resolve(includer));

/**
 * The GPU headers a file reaches from outside its directory, and the sources it includes as text,
 * translated (as headers) into its output directory under their base names, since a run over the
 * file's tree translates neither as a header: every file that includes one writes the same outputs
 * (the planner accepts identical claims). Headers they include come along, flattened alike.
 */
function externalHeaders(headers: readonly IncludedHeader[], path: string, options: TranslateOptions, context: (directive: Node) => Pick<TranslateOptions, 'macroContext' | 'includerGlobals'>): { outputs: OutputFile[]; diagnostics: Diagnostic[] } {
  const outputs: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const direct = headers.filter((h) => !h.nested && byIncluder(h.file, path, options));
  const reached = headers.filter((h) => direct.some((d) => d.directive.id === h.directive.id));
  const byName = new Map<string, string>();
  for (const h of reached) {
    const name = basename(h.file);
    if (byName.get(name) === h.file) continue;
    if (byName.has(name)) {
      diagnostics.push({ file: path, ...position(h.directive), severity: 'error', ruleId: 'output-collision', message: `two headers named ${name} (${byName.get(name)}, ${h.file}) would be translated beside this file's outputs` });
      continue;
    }
    byName.set(name, h.file);
    const read = readSource(h.file);
    if (!read.ok) continue;
    // What this file's unit included before it (headers are in inclusion order), the includer's own predecessors first.
    const before = headers.slice(0, headers.indexOf(h)).map((o) => o.file);
    const translated = translateSource(read.file, { ...options, asHeader: true, ...context(h.directive), preceding: [...(options.preceding ?? []), ...before] });
    diagnostics.push(...translated.diagnostics);
    outputs.push(...translated.outputs.map((o) => ({ ...o, role: 'header' as const })));
  }
  return { outputs, diagnostics };
}

function header(file: SourceFile, what: string, nl: string): string {
  return `${GENERATED_MARK} from ${basename(file.path)}: ${what}. Edit the source, not this file.${nl}`;
}

/** `hip`: the source is written against HIP, whose device assert is a trap (src/dialect.ts); a header follows its includer's. */
function devicePrelude({ xlen, warpSize }: TranslateOptions, hip: boolean, sharedBases: string[], nl: string): string {
  return [
    ...(warpSize && warpSize !== 32 ? [`#define HIP2VX_WARP_SIZE ${warpSize}`] : []),
    ...(hip ? ['#define HIP2VX_ASSERT_STATUS HIP2VX_STATUS_TRAP'] : []),
    '#if defined(__riscv) && !defined(HIP2VX_CPU_BACKEND) && __riscv_xlen != ' + xlen,
    `#error "translated for XLEN ${xlen}: build with XLEN=${xlen}, or translate again with --xlen matching the build"`,
    '#endif',
    '#include <hip2vx_device.h>',
    ...sharedBases,
    '',
  ].join(nl);
}

/** Launches, with blocks of a constant width that is no multiple of the warp size, of kernels whose warp operations assume one. */
function refuseNarrowBlocks(program: Program, fns: readonly FunctionInfo[], assumed: ReadonlySet<string>, warpSize: number, report: Reporter): void {
  if (!assumed.size) return;
  const kernels = withCallers(fns, assumed);
  const constants = integerConstants(program.root);
  for (const launch of program.launches) {
    const shape = kernels.has(launch.kernel) && launch.config[1] ? blockShape(launch.config[1], constants) : undefined;
    if (!shape || shape.rows === 1 || shape.width % warpSize === 0) continue;
    report.at(launch.call, 'error', 'warp-op-divergent', `'${launch.kernel}' is launched with blocks ${shape.width} threads wide: its warp operations were proven for blocks whose width is a multiple of the logical warp size (${warpSize}), where threadIdx.y is the same in every lane of a warp`);
  }
}

/**
 * `device.voters`: kernels ending a loop by a block vote, which counts in the warp scratch;
 * `device.leavers`: kernels whose lanes leave their warp at a loop's exit.
 */
function registered(unit: Unit, deviceAbi: Abi, warpUsers: ReadonlySet<string>, warpEnders: ReadonlySet<string>, warpOps: WarpOps, device: { voters: ReadonlySet<string>; leavers: ReadonlySet<string> }) {
  return unit.instances.flatMap((instance) => {
    const staticShared = unit.shared.staticBytes(instance.kernel, instance.subst);
    if (!staticShared) return [];
    const args = kernelArgs(instance, deviceAbi);
    const display = instance.templateArgs.length ? `${instance.kernel.name}<${instance.templateArgs.join(', ')}>` : instance.kernel.name;
    const warpScratch = warpUsers.has(instance.kernel.name) || device.voters.has(instance.kernel.name);
    const registration: RegisteredKernel = { id: instance.id, displayName: display, args, staticShared, warpScratch, maxThreads: launchBound(instance.kernel, instance.subst, unit.types) };
    const sharedChecks = unit.shared.sizeChecks(instance.kernel, instance.subst, instance.templateArgs);
    const localMemory = warpScratch || staticShared.device > 0 || unit.shared.usesDynamic;
    // A header included in a namespace (`namespace fp {` `#include "k.cuh"` `}`) declares its kernels there.
    const around = unit.header ? namespacesOf(unit.header.directive) : [];
    return [{ registration, entry: { instance, qualifiedName: [...around, ...namespacesOf(instance.kernel.outer), instance.kernel.name].join('::'), args, staticShared, sharedChecks, warpScratch, warpLeaving: lanesMayLeave(instance.kernel, warpUsers, warpEnders, warpOps) || device.leavers.has(instance.kernel.name), localMemory } }];
  });
}

/** The names of the namespaces defined in `roots` (`namespace a::b {` gives b). */
function namespacesDefined(roots: Node[]): Set<string> {
  const names = new Set<string>();
  for (const r of roots) {
    scan(r, NAMESPACES, (n) => {
      const name = n.childForFieldName('name')?.text.split('::').pop()?.trim();
      if (name) names.add(name);  // an anonymous namespace is never named by `using namespace`
    });
  }
  return names;
}
const NAMESPACES = new Set(['namespace_definition']);
