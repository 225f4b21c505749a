// How much of a source the translation touched: lines and bytes, from a line diff.
import { diffLines } from 'diff';

export interface ChangeStats {
  linesRemoved: number;
  linesAdded: number;
  bytesRemoved: number;
  bytesAdded: number;
}

export function lineChanges(before: string, after: string): ChangeStats {
  const stats: ChangeStats = { linesRemoved: 0, linesAdded: 0, bytesRemoved: 0, bytesAdded: 0 };
  for (const part of diffLines(before, after)) {
    const bytes = Buffer.byteLength(part.value);
    if (part.added) {
      stats.linesAdded += part.count ?? 0;
      stats.bytesAdded += bytes;
    } else if (part.removed) {
      stats.linesRemoved += part.count ?? 0;
      stats.bytesRemoved += bytes;
    }
  }
  return stats;
}
