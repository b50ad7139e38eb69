/**
 * What the indexing stages share: the stage order, the group ids, the options every stage takes,
 * and the narrow view of the indexer a stage writes through. The stages import this file and never
 * the indexer, so the pipeline's imports run one way (indexer → stages → helpers).
 */
import type { DocumentRecord, GroupRecord } from '../stored-index/snapshot.ts';
import type { ClusterRunner, Embedder, Generator, ProgressListener } from '../ports.ts';
import type { IndexManifest, JobState, Stage } from '../types.ts';

// 'clustered' is no longer written (clusters are made when read, Indexer.makeClusters): records
// stored at it before are past embedding and go on to pre-parsing like any embedded one.
const STAGES: Stage[] = ['parsed', 'chunked', 'embedded', 'clustered', 'preparsed', 'ready'];

/** True when the job has done `stage` (or a later one). */
export function reached(job: JobState, stage: Stage): boolean {
  return STAGES.indexOf(job.stage) >= STAGES.indexOf(stage);
}

export const CORPUS_GROUP_ID = 'g:corpus';

export function documentGroupId(docId: string): string {
  return `g:${docId}`;
}

export interface StageOptions {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** Limit the stage to these documents (and the clusters of their own groups); default: all. */
  docIds?: ReadonlySet<string>;
}

/** The models and settings a stage computes with; the store and the search corpus stay the indexer's. */
export interface StageDeps {
  manifest: IndexManifest;
  embedder: Embedder;
  generator?: Generator;
  /** Where clustering runs; in place when absent. */
  clusterer?: ClusterRunner;
}

/**
 * The records a stage reads and the two writes it may make. The indexer implements it, so a write
 * still reaches the store and the search corpus together, but a stage cannot run other stages.
 */
export interface RecordSink {
  readonly documents: ReadonlyMap<string, DocumentRecord>;
  readonly groups: ReadonlyMap<string, GroupRecord>;
  /** Resolves to the record as stored (its entries' words counted). */
  putDocument(record: DocumentRecord): Promise<DocumentRecord>;
  putGroup(record: GroupRecord): Promise<void>;
}
