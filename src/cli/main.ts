// The hip2vortex command line: declares the commands and maps every outcome to an exit code.
import './tiering.js';
import { Command, CommanderError } from 'commander';
import { TOOL } from '../report/tool.js';
import { EXIT, Interrupted, UsageError } from './exit.js';
import { addCommonOptions, collect, type CommonFlags } from './options.js';
import { printDiagnostics } from './output.js';
import { InputError, type RunContext } from './session.js';
import { DEFAULT_TRANSLATOR_MODULE } from './translator.js';

type FileCommand = (paths: string[], flags: CommonFlags, context: RunContext) => Promise<number>;

// Each command's module (and what only it needs, such as the differ) loads when it runs.
const commands = {
  translate: async () => (await import('./translate.js')).translateCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  check: async () => (await import('./check.js')).checkCommand,
  stats: async () => (await import('./stats.js')).statsCommand,
} satisfies Record<string, () => Promise<FileCommand>>;

/** Runs the command line `argv` (as in process.argv) and returns the exit code. */
export async function main(argv: string[], translatorModule = DEFAULT_TRANSLATOR_MODULE): Promise<number> {
  const controller = new AbortController();
  // The first Ctrl-C stops the run cleanly; with the handler gone, a second one kills at once.
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  let exitCode: number = EXIT.ok;
  const action = (name: keyof typeof commands) => async (paths: string[], flags: CommonFlags) => {
    const run = await commands[name]();
    exitCode = await run(paths, flags, { signal: controller.signal, translatorModule });
  };

  const program = new Command('hip2vortex')
    .description('Translate HIP and CUDA programs into code for Vortex v2.2 (RISC-V GPGPU)')
    .version(TOOL.version)
    .exitOverride()
    .showHelpAfterError('(run hip2vortex help for usage)');
  addCommonOptions(program.command('translate').description('translate files and directory trees'))
    .option('--in-place', 'rewrite sources where they are (other outputs beside them)')
    .option('--print-stats', 'print conversion statistics per file and in total')
    .action(action('translate'));
  addCommonOptions(program.command('diff').description('show what translate would write or change; writes nothing'))
    .option('--in-place', 'compare with the sources, as translate --in-place would change them')
    .action(action('diff'));
  addCommonOptions(program.command('check').description('exit 0 if the translations on disk are up to date, 1 if not, 2 on errors in sources'))
    .action(action('check'));
  addCommonOptions(program.command('stats').description('conversion statistics per file and in total; writes nothing'))
    .action(action('stats'));
  program
    .command('explain')
    .description('what a diagnostic id means and how to fix it')
    .argument('<id>', 'diagnostic id, as printed in [brackets]')
    .option('--rules <file>', 'extra rule file (repeatable)', collect, [])
    .action(async (id: string, flags: { rules: string[] }) => {
      exitCode = await (await import('./explain.js')).explainCommand(id, flags);
    });

  program
    .command('runtime-dir')
    .description("print the path of hip2vortex's runtime/ folder (for make HIP2VX_RUNTIME=...)")
    .action(async () => {
      process.stdout.write(`${(await import('../package-root.js')).RUNTIME_DIR}\n`);
    });

  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (e) {
    return failure(e);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

function failure(e: unknown): number {
  if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (e instanceof Interrupted) {
    process.stderr.write('\nhip2vortex: interrupted; no partial files were left\n');
    return EXIT.interrupted;
  }
  if (e instanceof InputError) {
    printDiagnostics(e.diagnostics, false);
    return EXIT.usage;
  }
  if (e instanceof UsageError) {
    process.stderr.write(`hip2vortex: ${e.message}\n`);
    return EXIT.usage;
  }
  throw e;
}
