// What a diagnostic id means and how to fix it: from the rule set's `diagnostics` table (which
// documents constructs too), plus the ids the command line itself reports.
export interface RuleHelp {
  id: string;
  category: string;
  meaning: string;
  fix: string;
}

/** The rule set's `diagnostics` table: every id the translator can emit, constructs included. */
export type HelpEntries = Iterable<RuleHelp>;

const io = (id: string, meaning: string, fix: string): RuleHelp => ({ id, category: 'input and output', meaning, fix });

/** Ids only the command line reports (walking, reading and writing files). */
export const CLI_HELP: readonly RuleHelp[] = [
  io('input-outside-base', 'An input is not inside the directory given with --base, so it has no place in the mirrored output tree.', 'Give a --base directory that contains every input.'),
  io('input-empty', 'The file is empty; there is nothing to translate. It is treated as a file without GPU code.', 'Nothing to do; remove the file or exclude it with --exclude if it should not be copied.'),
  io('input-too-large', 'The file is larger than --max-file-size; the parser cannot hold a syntax tree for it.', 'Split the file, or raise --max-file-size if the machine has the memory.'),
  io('input-symlink-loop', 'A symbolic link in the tree points back to a directory that contains it; the walk does not follow it again.', 'Nothing to do, or exclude the link with --exclude.'),
  io('output-collision', 'Two inputs would write the same output file (for example a.cu and a.hip in one directory); only the first in path order is written.', 'Rename one of the inputs, or exclude one with --exclude.'),
  io('output-makefile-kept', 'A Makefile that hip2vortex did not write exists where it would write one; it is left alone.', 'Include the program\'s <stem>.mk from your Makefile.'),
  io('output-unwritable', 'An output file or directory could not be written; no partial file is left.', 'Check that the output directory is writable and that no path component is a regular file.'),
  io('internal-error', 'The translator failed unexpectedly on this file; no output was written for it.', 'Please report it with the file (or a reduced version of it).'),
];

export function helpTable(entries: HelpEntries): Map<string, RuleHelp> {
  const table = new Map(CLI_HELP.map((h) => [h.id, h]));
  for (const { id, category, meaning, fix } of entries) table.set(id, { id, category, meaning, fix });
  return table;
}

export function formatHelp(h: RuleHelp): string {
  return `${h.id} (${h.category})\n\n${h.meaning}\n\nFix: ${h.fix}\n`;
}
