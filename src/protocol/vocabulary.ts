/**
 * The words the app and the engine share: the engine's own types and constants, re-exported so
 * the UI and the client name them through the protocol and never import src/core themselves. One
 * definition, in core, so a setting the UI offers is always one the engine knows.
 */
export type { ProgressStage } from '../core/ports.ts';
export type {
  BacktrackMode,
  BlockKind,
  Chunk,
  EntryKind,
  FusionWeight,
  Lang,
  PlacedBlock,
  PreparseMode,
  Retriever,
  ScannedLine,
  SecondHop,
  Source,
  Stage,
  Strategy,
  TocEntry,
  TraceRow,
} from '../core/types.ts';
export { BACKTRACK_MODES, RETRIEVERS, STRATEGIES } from '../core/types.ts';
export { DEFAULT_RETRIEVAL, defaultCandidates } from '../core/engine/defaults.ts';
export type { ClusterMap, PassageView } from '../core/engine/views.ts';
export type { QuestionCut } from '../core/engine/question.ts';

// The UI shows answers with the engine's own reading of them, so both agree on what a citation is.
export { parseCitations, type CitationSpan } from '../core/answer/citations.ts';

// The models the settings offer: a table of ids, sizes and languages (the adapters stay in the workers),
// and which file of a model a device loads, with its size, for the size the settings show.
export { modelsFor, type ModelInfo, type ModelTask } from '../models/registry.ts';
export { chooseDtype } from '../models/dtype-choice.ts';
export { downloadSizeMB } from '../models/download-size.ts';
