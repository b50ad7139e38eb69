/**
 * What the engine worker works on once its store is open: the store, the settings, the library
 * and its jobs, the chats, the models in the other workers, the open image's saving. Opened once,
 * at start; the open index (index-host.ts) comes and goes on top of it. Each part owns its own
 * state: nothing here is a flag another file sets.
 */
import { wrap } from 'comlink';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import type { ImageFile, ReadAheadImage } from '../../src/browser-storage/open-image.ts';
import { measureRoom } from '../../src/browser-storage/quota.ts';
import type { VectorFiles } from '../../src/browser-storage/vector-files.ts';
import type { EmbedApi, EngineStartRequest, LlmApi } from '../../src/protocol/workers.ts';
import { AppSettingsStore } from './app-settings.ts';
import { Chats } from './chats.ts';
import { Collections } from './collections.ts';
import type { EngineEvents } from './engine-events.ts';
import { EngineModels } from './engine-models.ts';
import { ImageSaver } from './image-saver.ts';
import { Library } from './library.ts';
import { PausedJobs } from './paused-jobs.ts';
import { ReadAhead } from './stored-read.ts';
import { holdLibrary } from './tab-lock.ts';
import { UnstoredFiles } from './unstored-files.ts';
import { PageShown } from './page-shown.ts';

export interface Workspace {
  readonly store: IdbIndexStore;
  /** The stored index, read from the start beside the library's rows; taken by the first open (index-open.ts). */
  readonly readAhead: ReadAhead;
  readonly image: ImageSaver;
  readonly settings: AppSettingsStore;
  readonly library: Library;
  readonly chats: Chats;
  readonly collections: Collections;
  readonly models: EngineModels;
  /** Whether the page has shown what its start asked for (page-shown.ts). */
  readonly page: PageShown;
}

export interface WorkspaceDeps {
  /** The open image's file, its read perhaps begun already (readAhead); none outside a browser. */
  image: Promise<ImageFile | ReadAheadImage | undefined>;
  /** Where records' vectors wait for the image (vector-files.ts); none outside a browser. */
  vectorFiles: Promise<VectorFiles | undefined>;
  events: EngineEvents;
  /** The open index, when there is one. */
  engine: () => LociEngine | undefined;
  /** Whether questions are searched by meaning yet (false while the embedder loads after an early open). */
  meaningReady: () => boolean;
}

export async function openWorkspace(request: EngineStartRequest, deps: WorkspaceDeps): Promise<Workspace> {
  const { events, engine } = deps;
  await holdLibrary(() => {
    // another tab holds the library, maybe for long: the bytes read ahead would only be held
    void deps.image.then((file) => (file && 'forget' in file ? file.forget() : undefined));
    events.send({ type: 'held-elsewhere' });
  });
  const store = await IdbIndexStore.open({ image: await deps.image, vectorFiles: await deps.vectorFiles });
  // The index is read while the rows (their own small records,
  // docs/decisions/2026-11-27-library-rows-store.md) and the settings are: all asked now, before the
  // image's decode takes this thread, since asked one after another each waited its turn behind
  // the decode, and the index's open behind them (docs/decisions/2026-12-07-start-beside-the-decode.md).
  const since = performance.now();
  const snapshot = store.load();
  snapshot.catch(() => undefined);
  const readAhead = new ReadAhead({ snapshot, since });
  const listed = store.listDocuments();
  listed.catch(() => undefined);
  const settings = new AppSettingsStore(store.db, request.launch);
  const paused = new PausedJobs(store.db);
  const unstored = new UnstoredFiles(store.db);
  await Promise.all([settings.load(), paused.load(), unstored.load()]);
  const models = new EngineModels(wrap<EmbedApi>(request.embedPort), wrap<LlmApi>(request.llmPort), request.launch, (progress) =>
    events.send({ type: 'download', progress }),
  );
  const library: Library = new Library({
    store,
    paused,
    device: request.launch.device,
    engine,
    settings: () => settings.value,
    emit: (documents) => {
      events.send({ type: 'documents', documents });
      // rows change when the index does (and with progress, which only delays the save)
      image.soon();
    },
    unstored,
    room: (atMost) => measureRoom(atMost),
    notify: (notice, subject) => events.notify(notice, subject),
    resolved: (subject) => events.send({ type: 'resolved', subject }),
    meaningReady: deps.meaningReady,
    // `&quiet=MS` (tests): the idle work starts sooner
    ...(request.launch.quietMs !== undefined ? { idleQuietMs: request.launch.quietMs } : {}),
  });
  const image = new ImageSaver({
    store,
    engine,
    busy: () => library.queue.running !== undefined,
    ...(request.launch.quietMs !== undefined ? { delayMs: request.launch.quietMs } : {}),
    // a job started while the image was encoded: its writes come first, the image waits for the next save
    hasRoom: async (bytes) => {
      if (library.queue.running !== undefined) return false;
      const room = await measureRoom(bytes);
      return !room || room.atLeast || room.free >= bytes;
    },
  });
  const collections = new Collections(store.db, (event) => events.send(event));
  const chats = new Chats({
    db: store.db,
    engine,
    collections: () => collections.list(),
    settings: () => settings.value,
    canRerank: () => models.hasReranker,
    meaningReady: deps.meaningReady,
  });
  // Rows show at once, as queued, while the models load.
  await library.refresh(listed);
  return { store, readAhead, image, settings, library, chats, collections, models, page: new PageShown() };
}
