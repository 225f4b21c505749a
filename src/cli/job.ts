// One input file, start to finish short of writing: read, reuse an earlier translation or check
// cheaply for GPU code and translate. Runs in the main thread or in a worker; everything it
// returns is structured-cloneable.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { decodeSource } from '../parse/source.js';
import { includesGpuHeader } from '../gpu-hint.js';
import { fileDiagnostic, type Diagnostic } from '../report/diagnostic.js';
import type { ChangeStats } from '../report/changes.js';
import type { FileStatus } from '../report/run.js';
import type { OutputFile, TranslationResult, TranslationStats } from '../translate.js';
import { cacheRecord, inputDigest, reusableOutputs, type CacheRecord, type JobCache } from './cache.js';
import { UsageError } from './exit.js';
import { createTranslator, type TextIncluders, type Translator, type TranslatorModule, type TranslatorSettings } from './translator.js';

export interface Job {
  index: number;
  path: string;
  /** Set when earlier translations may be reused (and this one recorded). */
  cache?: JobCache;
}

export interface JobOptions {
  /** Larger GPU sources are refused: the parser runs out of memory somewhere past 30 MB. */
  maxFileBytes: number;
  /** Compare host output with the source (for statistics). */
  measureChanges: boolean;
  /** Files without GPU code are copied to the output: their bytes come back with the outcome (read once). */
  keepPlainBytes: boolean;
}

/** What a thread needs to run jobs; cloneable, so it can be a worker's workerData. */
export interface JobConfig {
  translatorModule: string;
  settings: TranslatorSettings;
  jobOptions: JobOptions;
  /** Small runs start faster with the native parser, or the wasm on V8's baseline compiler only (see session.ts). */
  smallRun: boolean;
  /** By input directory, its sources a sibling includes as text (found once for the run). */
  textIncluders: TextIncluders;
}

type Measure = (before: string, after: string) => ChangeStats;

/** What every report shows of a translation. */
export interface OutcomeCounts {
  kernels: number;
  launches: number;
  /** API references rewritten. */
  rewritten: number;
}

export interface FileOutcome {
  index: number;
  status: FileStatus;
  diagnostics: Diagnostic[];
  /** Contents as they go to disk (BOM restored on C++ outputs). */
  outputs: OutputFile[];
  counts?: OutcomeCounts;
  /** The detailed statistics, when they were asked for (measureChanges). */
  stats?: TranslationStats;
  changes?: ChangeStats;
  /** Answered from an earlier translation's outputs. */
  reused?: boolean;
  /** What to record for this translation, if it may be reused later. */
  record?: CacheRecord;
  /** A plain file's bytes, when it is copied to the output (keepPlainBytes). */
  bytes?: Uint8Array;
}

/**
 * Runs one thread's jobs. The translator (parser, rule tables) is built on the first file that
 * needs it: a run whose files are all reused or without GPU code never loads it.
 */
export class JobRunner {
  private module?: Promise<TranslatorModule>;
  private tools?: Promise<{ translator: Translator; measure?: Measure }>;

  constructor(private readonly config: JobConfig) {}

  /** Before any work: a user's rule file is checked now (rejects with a UsageError if malformed). */
  async start(): Promise<void> {
    if (this.config.settings.ruleFiles.length > 0) await this.ready();
  }

  private loadModule(): Promise<TranslatorModule> {
    this.module ??= (import(this.config.translatorModule) as Promise<TranslatorModule>).catch((e: Error) => {
      throw new UsageError(`cannot load the translator: ${e.message}`);
    });
    return this.module;
  }

  private ready(): Promise<{ translator: Translator; measure?: Measure }> {
    this.tools ??= (async () => {
      try {
        const translator = await createTranslator(await this.loadModule(), this.config.settings, this.config.smallRun, this.config.textIncluders);
        const measure = this.config.jobOptions.measureChanges ? (await import('../report/changes.js')).lineChanges : undefined;
        return { translator, measure };
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    })();
    return this.tools;
  }

  /** Rejects only when the translator cannot be built (a UsageError); other failures are outcomes. */
  async run(job: Job): Promise<FileOutcome> {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(job.path);
    } catch (e) {
      return failedOutcome(job, fileDiagnostic(job.path, 'error', `cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`, 'input-unreadable'));
    }
    const resolved = resolve(job.path);
    const includer = this.config.textIncluders.get(dirname(resolved))?.get(resolved);
    const digest = job.cache && inputDigest(job.cache.key, job.path, bytes, this.config.settings.includeDirs, includer);
    const reused = digest && reusableOutputs(job.cache!, digest);
    if (reused) return { index: job.index, status: 'translated', diagnostics: [], outputs: reused, counts: job.cache!.record!.counts, reused: true };
    const outcome = await this.translate(job, bytes);
    if (outcome.status === 'plain' && this.config.jobOptions.keepPlainBytes) outcome.bytes = bytes;
    if (digest && outcome.status === 'translated' && outcome.diagnostics.length === 0) outcome.record = cacheRecord(digest, outcome.outputs, outcome.counts!);
    return outcome;
  }

  private async translate(job: Job, bytes: Uint8Array): Promise<FileOutcome> {
    const read = decodeSource(job.path, bytes);
    if (!read.ok) return failedOutcome(job, read.diagnostic);
    const source = read.file;
    const plain: FileOutcome = { index: job.index, status: 'plain', diagnostics: [], outputs: [] };
    if (source.text.length === 0) {
      plain.diagnostics.push(fileDiagnostic(job.path, 'note', 'empty file; nothing to translate', 'input-empty'));
      return plain;
    }
    const { includeDirs } = this.config.settings;
    if (!(await this.loadModule()).looksLikeGpuSource(source.text) && !includesGpuHeader(job.path, source.text, includeDirs)) return plain;
    if (bytes.length > this.config.jobOptions.maxFileBytes) {
      const mb = (n: number) => (n / 2 ** 20).toFixed(1);
      const message = `file too large to translate (${mb(bytes.length)} MiB; the limit is ${mb(this.config.jobOptions.maxFileBytes)} MiB, see --max-file-size)`;
      return failedOutcome(job, fileDiagnostic(job.path, 'error', message, 'input-too-large'));
    }
    const { translator, measure } = await this.ready();
    let result: TranslationResult;
    try {
      result = translator.translate(source);
    } catch (e) {
      return crashedOutcome(job, e);
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
      diagnostics: result.diagnostics,
      outputs,
      counts: { kernels: result.stats.kernels, launches: result.stats.launches, rewritten: result.stats.converted.length },
      stats: measure ? result.stats : undefined,
      changes: measure && host ? measure(source.text, host.content) : undefined,
    };
  }
}

const BOM = '\ufeff';

export function failedOutcome(job: Job, diagnostic: Diagnostic): FileOutcome {
  return { index: job.index, status: 'failed', diagnostics: [diagnostic], outputs: [] };
}

/** The translator threw, or its worker died (the parser aborting on a pathological input). */
export function crashedOutcome(job: Job, e: unknown): FileOutcome {
  if (process.env.HIP2VX_DEBUG) console.error(e);
  return failedOutcome(job, fileDiagnostic(job.path, 'error', `internal error while translating: ${(e as Error).message}`, 'internal-error'));
}
