// What a diagnostic id means and how to fix it: from the rule set's `diagnostics` table (which
// documents constructs and the ids the command line itself reports).
export interface RuleHelp {
  id: string;
  category: string;
  meaning: string;
  fix: string;
}

/** The rule set's `diagnostics` table: every id the translator can emit, constructs included. */
export type HelpEntries = Iterable<RuleHelp>;

export function helpTable(entries: HelpEntries): Map<string, RuleHelp> {
  const table = new Map<string, RuleHelp>();
  for (const { id, category, meaning, fix } of entries) table.set(id, { id, category, meaning, fix });
  return table;
}

export function formatHelp(h: RuleHelp): string {
  return `${h.id} (${h.category})\n\n${h.meaning}\n\nFix: ${h.fix}\n`;
}
