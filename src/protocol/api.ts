/**
 * The contract between the Svelte UI (main thread) and the engine worker. The UI only ever talks
 * to a `LociClient`; `src/client/worker-client.ts` implements it over comlink, the engine worker
 * serves it (`EngineApi` in workers.ts). Everything crossing it is structured-clone data.
 */
import type { AskRequest, AskStreamEvent, ChatTurn, RetrievalChoices } from './ask.ts';
import type { ClusterMap, Lang, PassageView, PreparseMode, ProgressStage, Stage } from './vocabulary.ts';
import type { Collection, Scope } from '../core/engine/scope.ts';
import type { SiteLibraryImport } from './site-library-manifest.ts';

export type { Collection, Scope };
export { WHOLE_LIBRARY } from '../core/engine/scope.ts';

/** `damaged`: its stored records failed their checksums; it is left out of answers until repaired. */
/** `waiting`: queued while no embedding model could be loaded; it starts once one is. */
export type DocStatus = 'queued' | 'waiting' | 'indexing' | 'ready' | 'error' | 'paused' | 'damaged';

/** One row of the library. */
export interface LibraryDoc {
  id: string;
  name: string;
  mime: string;
  size: number;
  language: Lang;
  added: number;
  status: DocStatus;
  /** Last stage completed. */
  stage?: Stage;
  /**
   * Work under way: the running stage and its counts, and the whole document's share done (0–1,
   * every stage weighted by its expected time) and time left in seconds.
   */
  progress?: { stage: ProgressStage; done: number; total: number; fraction: number; etaSeconds?: number };
  /** Plain-words reason, for status 'error' (names the file). */
  error?: string;
  /** What is damaged, in plain words, for status 'damaged' (names the file). */
  damage?: string;
  chunks: number;
  pageCount?: number;
  /** The text encoding the file was read in, when not UTF-8 (WHATWG name, e.g. 'gb18030'). */
  encoding?: string;
  /** Files dropped again with the same content under other names, which were not added. */
  copies?: string[];
  /**
   * How many topics (clusters of related passages) hold its passages, once they are made: while
   * the library is idle, or by the first question that needs them.
   */
  topics?: number;
  /** For status 'error': the browser's storage for this site was full (the page words it, not `error`). */
  storageFull?: StorageShortage;
  /**
   * The dropped file itself is not stored: 'kept', this tab still holds it and Retry stores it;
   * 'lost', the page was reloaded since, so the file has to be dropped again.
   */
  unstored?: 'kept' | 'lost';
}

/** A write the browser refused for want of room. */
export interface StorageShortage {
  /** 'file': the dropped file could not be stored; 'index': what indexing it wrote could not. */
  what: 'file' | 'index';
  /** Bytes the write needed, when known (the file's size for 'file'). */
  needs?: number;
  /** Bytes the browser still lets this site store, when they could be measured. */
  free?: number;
}

/** What one document takes in the browser's storage, for Settings › Storage. */
export interface DocumentStorage {
  id: string;
  name: string;
  /** Its original file, as stored (0 when it is not). */
  fileBytes: number;
  /** Its index: text, passages and vectors, estimated from what is loaded. */
  indexBytes: number;
}

/** The storage report of Settings › Storage. */
export interface StorageReport {
  usage: number;
  /** What the browser reports; Chromium reports usage + 10 GiB whatever the real limit is. */
  quota: number;
  /** The browser promised not to evict the library (asked for by the page: see `persist`). */
  persisted: boolean;
  /** Bytes this site may still store, measured up to a limit; undefined when it could not be. */
  free?: number;
  /** Whether `free` reached the limit it was measured to (there is at least that much). */
  freeAtLeast?: boolean;
  documents: DocumentStorage[];
}

/** Settings a person can change; persisted in the engine worker's store, which resolves them. */
export interface AppSettings extends RetrievalChoices {
  chunkTokens: number;
  preparse: PreparseMode;
  /** Max chunks pre-parsed per indexing run; the rest continues in the background later. */
  preparseBudget: number;
  /** Read scanned PDF pages (no usable text layer) and images by OCR; off, a scan or an image is refused. */
  ocr: boolean;
  embedderId: string;
  generatorId: string;
  rerankerId?: string;
  /** UI language; 'auto' follows the browser. */
  uiLanguage: 'auto' | 'en' | 'zh';
  /** Where models come from. */
  modelSource: { kind: 'hub' } | { kind: 'mirror'; baseUrl: string } | { kind: 'local' };
}

/** What the device can run, in plain words (from src/models/device.ts). */
export interface DeviceSummary {
  webgpu: boolean;
  shaderF16: boolean;
  fallbackAdapter: boolean;
  embedderDevice: 'webgpu' | 'wasm';
  generatorBackend: string;
  reasons: string[];
}

/** How the index was opened on start: from the open image (one file) or from its records. */
export interface IndexOpening {
  from: 'image' | 'records';
  /** From reading the store to the index searchable, ms (the embedder loads alongside). */
  ms: number;
  /** Of which reading the store (image or records) took, ms. */
  readMs: number;
  /** The search corpus was taken from the image as it was saved, not laid out from the records. */
  corpusAdopted: boolean;
  /** Opened from an image made a few writes ago: the documents and groups read from their records because written (or deleted) since. */
  recordsSince: number;
}

/** Model download progress, for the first-use dialog. */
export interface DownloadProgress {
  model: string;
  file: string;
  loaded: number;
  total: number;
  /** Bytes per second over the last seconds, for the ETA. */
  rate?: number;
  done: boolean;
}

export interface CachedModel {
  id: string;
  bytes: number;
  /** Some of its files were cached without their size: `bytes` counts only the others. */
  approximate?: boolean;
}

/**
 * What the engine has to tell a person, as data the page puts into words in its own language (the
 * engine's English stayed English on a Chinese page). `detail` is a lower layer's error message,
 * shown as it is.
 */
export type EngineNotice =
  /** The search model could not be fetched from `source`: nothing can be indexed. */
  | { kind: 'embedder-unavailable'; model: string; source: AppSettings['modelSource']; detail: string }
  | { kind: 'generator-unavailable'; detail: string }
  /** The stored index was built by another embedder and is being rebuilt. */
  | { kind: 'reindexing'; from: string; to: string }
  /** Damaged records were set aside on open; their documents answer nothing until repaired. */
  | { kind: 'damaged'; names: string[] }
  /** Damaged records found behind the open image were written again from it: nothing was lost. */
  | { kind: 'restored'; names: string[] }
  | { kind: 'library-unavailable'; detail: string }
  /** Files dropped together need more room than the browser has left: what fits is stored, the rest is listed as not stored. */
  | { kind: 'storage-short'; files: number; needs: number; free: number }
  /** A worker thread failed (`detail` absent: it could not start). */
  | { kind: 'worker-failed'; worker: 'engine' | 'embed' | 'llm'; detail?: string };

/** 'models': no model could be loaded; 'storage': a dropped file or an index did not fit. */
export type NoticeSubject = 'models' | 'storage';

export type LibraryEvent =
  | { type: 'documents'; documents: LibraryDoc[] }
  /** Every collection, after any of them changed (here or by an import). */
  | { type: 'collections'; collections: Collection[] }
  | { type: 'download'; progress: DownloadProgress }
  /** `subject`: what the notice is about, when something can later resolve it. */
  | { type: 'notice'; notice: EngineNotice; subject?: NoticeSubject }
  /** What an earlier error was about works now: its notice goes. */
  | { type: 'resolved'; subject: NoticeSubject }
  /** The library is open in another tab of this browser: this one waits until that tab is closed. */
  | { type: 'held-elsewhere' };

/** PassageGoneError's name, as a string: a minified build renames the class, never this. */
export const PASSAGE_GONE = 'PassageGoneError';

/**
 * The passage a citation asked for has left the library (its document was deleted, or replaced by
 * a new version of the site's library). Its name crosses the worker boundary (comlink keeps it), so
 * the page tells it from other failures and says so in its own words.
 */
export class PassageGoneError extends Error {
  override name = PASSAGE_GONE;
}


/** The passage a citation opens; for PDFs and images with the original bytes, so the viewer can show the page. */
export interface Passage extends PassageView {
  original?: ArrayBuffer;
}

export type { ClusterMap };

/** A file of a picked folder: its path from the folder (the folder's own name first) and its bytes. */
export interface ModelFolderFile {
  path: string;
  file: Blob;
}

/** One stored chat as the chat list shows it; the engine's IndexedDB is the only list of chats. */
export interface ChatEntry {
  id: string;
  /** The first question (cut to 80 characters). */
  title: string;
  /** When its last message was stored. */
  updated: number;
  /** What its questions are asked within; absent, the whole library. */
  scope?: Scope;
}

export interface LociClient {
  /** Loads settings, opens the store, resumes unfinished jobs. */
  start(): Promise<{ settings: AppSettings; device: DeviceSummary; index?: IndexOpening }>;
  /**
   * The page shows what its start asked for (the library, its collections, the open chat): work
   * that only readies a first question (the warm-up search) begins now, not while the page waits.
   */
  shown(): Promise<void>;
  onEvent(listener: (event: LibraryEvent) => void): () => void;

  /**
   * Stores each file on its own: what fits is indexed, what does not gets a row saying why. With
   * `into`, the files in the library afterwards (stored now, or already there) join that
   * collection, made if no collection has its name (a dropped folder).
   */
  addFiles(files: File[], into?: { collection: string }): Promise<void>;
  pause(docId: string): Promise<void>;
  /** Goes on with a paused document, or retries a failed one (storing its file again if it was not stored). */
  resume(docId: string): Promise<void>;
  cancel(docId: string): Promise<void>;
  remove(docId: string): Promise<void>;
  /** Rebuilds a damaged document from its stored original (its row says `damaged`). */
  repair(docId: string): Promise<void>;
  /** The library's rows, once the start is over (asked with it, answered when it ends). */
  documents(): Promise<LibraryDoc[]>;

  /** Answers in the chat `request.chatId`; options not in the request come from the settings. */
  ask(question: string, request: AskRequest, onEvent: (e: AskStreamEvent) => void): Promise<void>;
  stop(): Promise<void>;
  /** Every stored chat, most recently used first. */
  chats(): Promise<ChatEntry[]>;
  history(chatId: string): Promise<ChatTurn[]>;
  /** Forgets the chat's last question and answer, before asking it again; false when there is none. */
  removeLastTurn(chatId: string): Promise<boolean>;
  clearHistory(chatId: string): Promise<void>;
  /** Gives a stored chat another title (trimmed; a blank one is refused). */
  renameChat(chatId: string, title: string): Promise<void>;
  /** Keeps a stored chat's new scope; a chat not stored yet takes it with its first question (AskRequest.scope). */
  setChatScope(chatId: string, scope: Scope): Promise<void>;

  /** Oldest first. */
  collections(): Promise<Collection[]>;
  /** A new collection (a name already taken, ignoring case, gets the documents added instead). */
  createCollection(name: string, docIds?: string[]): Promise<Collection>;
  renameCollection(id: string, name: string): Promise<void>;
  /** Puts documents in (`add`) or takes them out of a collection. */
  setInCollection(id: string, docIds: string[], add: boolean): Promise<void>;
  /** Deletes the collection; its documents stay in the library. */
  deleteCollection(id: string): Promise<void>;

  passage(chunkId: string): Promise<Passage>;
  clusterMap(docId: string): Promise<ClusterMap | undefined>;

  settings(): Promise<AppSettings>;
  updateSettings(patch: Partial<AppSettings>): Promise<AppSettings>;
  cachedModels(): Promise<CachedModel[]>;
  deleteCachedModel(id: string): Promise<void>;
  /**
   * Keeps the models of a folder on this computer (transformers.js layout) for the source "this
   * site's /models/ folder"; returns the repos found.
   */
  importModelFolder(files: ModelFolderFile[]): Promise<string[]>;
  storage(): Promise<StorageReport>;
  exportLibrary(): Promise<Blob>;
  /**
   * Imports a library file (Settings › Import library). Into a library that holds nothing, a file
   * indexed with another embedder brings its embedder (the setting switches). Into one whose
   * documents another embedder indexed, nothing is touched and the person is asked (`choose`);
   * asked again with `replace`, the library's documents and collections are deleted, the embedder
   * switches and the file comes in. Refused whole, writing nothing: a damaged or foreign file.
   */
  importLibrary(file: File, options?: { replace?: boolean }): Promise<LibraryImport>;
  /** The SHA-256 of the site's library file this browser imported last (src/protocol/site-library-manifest.ts), or undefined. */
  siteLibrary(): Promise<string | undefined>;
  /**
   * Imports a version of the site's library (its bytes, checked against `sha256` again) in merge
   * mode into the site's collection, removing the site's documents it no longer holds. Refused
   * whole (nothing written): a damaged or foreign file, another embedder's library.
   * `onSearchable` is told when its documents can be searched before they are stored (into a
   * library that holds nothing yet, as on a first visit); `onKept` when the file is kept whole, so
   * that a tab closed from then on reopens with it stored, its records still being written; the
   * import resolves once they are stored.
   */
  importSiteLibrary(bytes: ArrayBuffer, sha256: string, onSearchable?: () => void, onKept?: () => void): Promise<SiteLibraryImport>;
}

/** What Settings › Import library did with a file (LociClient.importLibrary). */
export type LibraryImport =
  | {
      kind: 'imported';
      /** Documents the file brought. */
      documents: number;
      /** The embedder the app switched to, the file's, when it was not the one in use. */
      switchedEmbedder?: string;
    }
  | {
      /** The file's vectors are another embedder's than the library's documents: nothing was touched. */
      kind: 'choose';
      fileEmbedder: string;
      libraryEmbedder: string;
      /** Documents the library holds now, which a replace deletes. */
      documents: number;
    };
