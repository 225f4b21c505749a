// The explain texts, loaded from the same rule tables the translator uses.
import { helpTable, type RuleHelp } from '../report/explain.js';
import { UsageError } from './exit.js';

export async function loadHelp(ruleFiles: string[]): Promise<Map<string, RuleHelp>> {
  // Imported on demand: when workers translate, the main thread needs the tables only for this.
  const { loadRules } = await import('../rules/index.js');
  let rules;
  try {
    rules = await loadRules(ruleFiles);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return helpTable(rules.diagnostics.values());
}
