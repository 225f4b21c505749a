// The result of a command run, in one shape for the text summary, JSON and SARIF.
import type { Diagnostic } from './diagnostic.js';
import type { FileStats } from './stats.js';

/** translated: outputs produced; plain: no GPU code; refused: already a translation; failed: errors. */
export type FileStatus = 'translated' | 'plain' | 'refused' | 'failed';

/** written/unchanged after translate; unchanged/stale/missing when diff or check compare with disk. */
export type OutputState = 'written' | 'unchanged' | 'stale' | 'missing' | 'failed';

export interface FileReport {
  path: string;
  status: FileStatus;
  kernels: number;
  launches: number;
  outputs: { path: string; state: OutputState }[];
  stats?: FileStats;
}

export interface Summary {
  filesRead: number;
  translated: number;
  /** Translated files whose outputs on disk were already identical. */
  unchanged: number;
  passedThrough: number;
  skipped: number;
  refused: number;
  failed: number;
  kernels: number;
  launches: number;
  rewrittenReferences: number;
  errors: number;
  warnings: number;
}

export interface RunReport {
  command: 'translate' | 'diff' | 'check' | 'stats';
  exitCode: number;
  files: FileReport[];
  diagnostics: Diagnostic[];
  summary: Summary;
  totals?: FileStats;
}
