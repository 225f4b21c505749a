// One input file, start to finish short of writing: read, cheap GPU check, translate. Runs in the
// main thread or in a worker; everything it returns is structured-cloneable.
import { readFileSync } from 'node:fs';
import { decodeSource } from '../parse/source.js';
import type { Diagnostic } from '../report/diagnostic.js';
import { lineChanges, type ChangeStats } from '../report/changes.js';
import type { FileStatus } from '../report/run.js';
import type { OutputFile, TranslationResult, TranslationStats } from '../translate.js';
import type { Translator } from './translator.js';

export interface Job {
  index: number;
  path: string;
}

export interface JobOptions {
  /** Larger GPU sources are refused: the parser runs out of memory somewhere past 30 MB. */
  maxFileBytes: number;
  /** Compare host output with the source (for statistics). */
  measureChanges: boolean;
}


export interface FileOutcome {
  index: number;
  status: FileStatus;
  bytes: number;
  diagnostics: Diagnostic[];
  /** Contents as they go to disk (BOM restored on C++ outputs). */
  outputs: OutputFile[];
  stats?: TranslationStats;
  program?: TranslationResult['program'];
  changes?: ChangeStats;
}

const BOM = '\ufeff';

function failed(job: Job, bytes: number, message: string, ruleId: string): FileOutcome {
  const diagnostic: Diagnostic = { file: job.path, line: 1, col: 1, severity: 'error', message, ruleId };
  return { index: job.index, status: 'failed', bytes, diagnostics: [diagnostic], outputs: [] };
}

export function runJob(job: Job, translator: Translator, options: JobOptions): FileOutcome {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(job.path);
  } catch (e) {
    return failed(job, 0, `cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`, 'input-unreadable');
  }
  const read = decodeSource(job.path, bytes);
  if (!read.ok) return { index: job.index, status: 'failed', bytes: bytes.length, diagnostics: [read.diagnostic], outputs: [] };
  const source = read.file;
  const plain: FileOutcome = { index: job.index, status: 'plain', bytes: bytes.length, diagnostics: [], outputs: [] };
  if (source.text.length === 0) {
    plain.diagnostics.push({ file: job.path, line: 1, col: 1, severity: 'note', message: 'empty file; nothing to translate', ruleId: 'input-empty' });
    return plain;
  }
  if (!translator.looksLikeGpuSource(source.text)) return plain;
  if (bytes.length > options.maxFileBytes) {
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    return failed(job, bytes.length, `file too large to translate (${mb(bytes.length)} MiB; the limit is ${mb(options.maxFileBytes)} MiB, see --max-file-size)`, 'input-too-large');
  }
  let result: TranslationResult;
  try {
    result = translator.translate(source);
  } catch (e) {
    return failed(job, bytes.length, `internal error while translating: ${(e as Error).message}`, 'internal-error');
  }
  const status: FileStatus = result.alreadyTranslated
    ? 'refused'
    : !result.hasGpuCode
      ? 'plain'
      : result.outputs.length > 0 && !result.diagnostics.some((d) => d.severity === 'error')
        ? 'translated'
        : 'failed';
  const outputs =
    status !== 'translated'
      ? []
      : result.outputs.map((o) => (source.bom && o.role !== 'build' ? { ...o, content: BOM + o.content } : o));
  const host = result.outputs.find((o) => o.role === 'host');
  return {
    index: job.index,
    status,
    bytes: bytes.length,
    diagnostics: result.diagnostics,
    outputs,
    stats: result.stats,
    program: result.program,
    changes: options.measureChanges && host ? lineChanges(source.text, host.content) : undefined,
  };
}
