/**
 * The pre-parse stage over many sources: the expensive one, so it runs in budgeted batches,
 * checkpoints after every source and can be cancelled. A bad reply costs one source, never the
 * run: it is recorded as failed (with what the model said) and the next source goes on.
 */
import type { GenerateOptions, Generator } from '../ports.ts';
import type { Entry, EntryOrigin, Lang, PreparseRecord } from '../types.ts';
import { entriesFromPreparse } from './entries.ts';
import { extractJsonObject } from './extract-json.ts';
import { extractiveEntries } from './extractive.ts';
import { preparseMessages } from './prompt.ts';
import { PREPARSE_GENERATION, PREPARSE_SCHEMA } from './schema.ts';
import { PreparseFormatError, validatePreparse } from './validate.ts';
import { seedOf } from '../util/random.ts';

export interface PreparseSource {
  id: string;
  type: 'chunk' | 'cluster';
  text: string;
  headingPath: string[];
  lang: Lang;
}

export interface PreparseRunOptions {
  mode: 'llm' | 'extractive';
  /** Required for 'llm'. */
  generator?: Generator;
  /** Source ids already done or failed in an earlier run. */
  skip?: ReadonlySet<string>;
  /** When reached, the run stops between sources; the rest stays pending for a later run. */
  budget?: { maxSources?: number; maxMillis?: number };
  /** Aborts the generation in flight; that source is not recorded. */
  signal?: AbortSignal;
  /** Clock for the time budget. */
  now?: () => number;
  /** `done` counts skipped sources too, against all sources, so it can drive a progress bar. */
  onProgress?: (done: number, total: number, sourceId: string) => void;
  /** Checkpoint, awaited before the next source; an error here (storage) ends the run. */
  onSourceDone: (record: PreparseRecord, entries: Entry[]) => Promise<void>;
}

/** Counts of this run; `pending` excludes skipped sources. */
export interface PreparseRunResult {
  done: number;
  failed: number;
  pending: number;
  cancelled: boolean;
  budgetReached: boolean;
}

/** How much of the raw reply a failure keeps. */
const REPLY_EXCERPT = 200;

type Outcome = { record: PreparseRecord; entries: Entry[] } | 'cancelled';

export async function runPreparse(
  sources: PreparseSource[],
  options: PreparseRunOptions,
): Promise<PreparseRunResult> {
  const { mode, generator, skip, budget, signal, onProgress, onSourceDone } = options;
  if (mode === 'llm' && !generator) throw new Error("runPreparse: mode 'llm' needs a generator");
  const now = options.now ?? Date.now;
  const todo = skip ? sources.filter((s) => !skip.has(s.id)) : sources;
  const skipped = sources.length - todo.length;
  const started = now();
  const result: PreparseRunResult = { done: 0, failed: 0, pending: todo.length, cancelled: false, budgetReached: false };

  for (const source of todo) {
    if (signal?.aborted) {
      result.cancelled = true;
      break;
    }
    const processed = result.done + result.failed;
    if (
      (budget?.maxSources !== undefined && processed >= budget.maxSources) ||
      (budget?.maxMillis !== undefined && now() - started >= budget.maxMillis)
    ) {
      result.budgetReached = true;
      break;
    }
    const outcome =
      mode === 'llm' && generator ? await preparseWithModel(source, generator, signal) : preparseExtractive(source);
    if (outcome === 'cancelled') {
      result.cancelled = true;
      break;
    }
    await onSourceDone(outcome.record, outcome.entries);
    if (outcome.record.status === 'done') result.done++;
    else result.failed++;
    result.pending--;
    onProgress?.(skipped + result.done + result.failed, sources.length, source.id);
  }
  return result;
}

function originOf(source: PreparseSource): EntryOrigin {
  return { type: source.type, id: source.id };
}

function preparseExtractive(source: PreparseSource): Outcome {
  const entries = extractiveEntries(originOf(source), source.text, source.headingPath);
  if (entries.length === 0) return { record: failure(source, 'no text'), entries };
  return { record: success(source, entries), entries };
}

async function preparseWithModel(
  source: PreparseSource,
  generator: Generator,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  // The paper's sampling, seeded by the source: two runs over the same files pre-parse each source
  // alike, whatever the order and however often a run was resumed.
  const options: GenerateOptions = { ...PREPARSE_GENERATION, seed: seedOf(source.id), jsonSchema: PREPARSE_SCHEMA, signal };
  let reply = '';
  try {
    for await (const piece of generator.stream(preparseMessages(source.text, source.lang), options)) {
      reply += piece;
      if (signal?.aborted) break;
    }
  } catch (e) {
    if (signal?.aborted) return 'cancelled';
    return { record: failure(source, `generator error: ${errorMessage(e)}`, reply), entries: [] };
  }
  // An aborted stream ends quietly with half a reply: that is a cancellation, not a bad reply.
  if (signal?.aborted) return 'cancelled';

  const value = extractJsonObject(reply);
  if (value === undefined) return { record: failure(source, 'no JSON object in reply', reply), entries: [] };
  try {
    const parsed = validatePreparse(value, source.text);
    const entries = entriesFromPreparse(originOf(source), parsed, 'llm');
    return { record: success(source, entries), entries };
  } catch (e) {
    if (!(e instanceof PreparseFormatError)) throw e;
    return { record: failure(source, e.message, reply), entries: [] };
  }
}

function success(source: PreparseSource, entries: Entry[]): PreparseRecord {
  return { sourceId: source.id, sourceType: source.type, status: 'done', entryCount: entries.length };
}

function failure(source: PreparseSource, reason: string, reply?: string): PreparseRecord {
  let error = reason;
  if (reply) {
    const excerpt = reply.length > REPLY_EXCERPT ? `${reply.slice(0, REPLY_EXCERPT)}…` : reply;
    error += ` | reply: ${excerpt}`;
  }
  return { sourceId: source.id, sourceType: source.type, status: 'failed', error, entryCount: 0 };
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
