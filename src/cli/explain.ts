// `hip2vortex explain <id>`: what a diagnostic id means and how to fix it.
import { formatHelp } from '../report/explain.js';
import { EXIT, UsageError } from './exit.js';
import { loadHelp } from './rule-help.js';

export async function explainCommand(id: string, flags: { rules: string[] }): Promise<number> {
  const help = await loadHelp(flags.rules);
  const entry = help.get(id);
  if (!entry) {
    const near = [...help.keys()].filter((k) => k.includes(id) || id.includes(k)).sort();
    throw new UsageError(`unknown diagnostic id '${id}'${near.length ? `; did you mean ${near.join(', ')}?` : ''}`);
  }
  process.stdout.write(formatHelp(entry));
  return EXIT.ok;
}
