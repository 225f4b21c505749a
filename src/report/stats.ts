// Conversion statistics: what the rule tables rewrote (by category and name), what could not be
// converted, and how much of the source changed.
// Type only: the differ behind ChangeStats loads only when statistics are asked for.
import type { ChangeStats } from './changes.js';
import type { TranslationStats } from '../translate.js';

export interface FileStats {
  kernels: number;
  launches: number;
  converted: number;
  byCategory: Record<string, number>;
  byName: Record<string, number>;
  unconverted: { name: string; ruleId: string; line: number; col: number; file?: string }[];
  changes: ChangeStats;
  /** converted / (converted + unconverted), 100 when there was nothing to convert. */
  percentConverted: number;
}

function count(into: Record<string, number>, key: string, n = 1): void {
  into[key] = (into[key] ?? 0) + n;
}

function percent(converted: number, unconverted: number): number {
  const all = converted + unconverted;
  return all === 0 ? 100 : Math.round((converted / all) * 1000) / 10;
}

const noChanges = (): ChangeStats => ({ linesRemoved: 0, linesAdded: 0, bytesRemoved: 0, bytesAdded: 0 });

export function fileStats(stats: TranslationStats, changes: ChangeStats = noChanges()): FileStats {
  const byCategory: Record<string, number> = {};
  const byName: Record<string, number> = {};
  for (const use of stats.converted) {
    count(byCategory, use.category);
    count(byName, `${use.name} -> ${use.to}`);
  }
  return {
    kernels: stats.kernels,
    launches: stats.launches,
    converted: stats.converted.length,
    byCategory,
    byName,
    unconverted: stats.unconverted.map(({ name, ruleId, line, col }) => ({ name, ruleId, line, col })),
    changes,
    percentConverted: percent(stats.converted.length, stats.unconverted.length),
  };
}

export function totalStats(files: { path: string; stats: FileStats }[]): FileStats {
  const total: FileStats = { kernels: 0, launches: 0, converted: 0, byCategory: {}, byName: {}, unconverted: [], changes: noChanges(), percentConverted: 0 };
  for (const { path, stats } of files) {
    total.kernels += stats.kernels;
    total.launches += stats.launches;
    total.converted += stats.converted;
    for (const [k, n] of Object.entries(stats.byCategory)) count(total.byCategory, k, n);
    for (const [k, n] of Object.entries(stats.byName)) count(total.byName, k, n);
    total.unconverted.push(...stats.unconverted.map((u) => ({ ...u, file: path })));
    addChanges(total.changes, stats.changes);
  }
  total.percentConverted = percent(total.converted, total.unconverted.length);
  return total;
}

function table(title: string, counts: Record<string, number>): string[] {
  const rows = Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return rows.length === 0 ? [] : [`  ${title}:`, ...rows.map(([k, n]) => `    ${String(n).padStart(6)}  ${k}`)];
}

export function formatStats(label: string, s: FileStats): string {
  const c = s.changes;
  return [
    `${label}: ${s.kernels} kernel(s), ${s.launches} launch(es), ${s.converted} reference(s) converted, ` +
      `${s.unconverted.length} not converted (${s.percentConverted}% converted); ` +
      `lines -${c.linesRemoved} +${c.linesAdded}, bytes -${c.bytesRemoved} +${c.bytesAdded}`,
    ...table('converted by category', s.byCategory),
    ...table('converted by name', s.byName),
    ...(s.unconverted.length === 0
      ? []
      : ['  not converted:', ...s.unconverted.map((u) => `    ${u.file ? `${u.file}:` : ''}${u.line}:${u.col}: ${u.name} [${u.ruleId}]`)]),
  ].join('\n');
}

function addChanges(total: ChangeStats, c: ChangeStats): void {
  total.linesRemoved += c.linesRemoved;
  total.linesAdded += c.linesAdded;
  total.bytesRemoved += c.bytesRemoved;
  total.bytesAdded += c.bytesAdded;
}
