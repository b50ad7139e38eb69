/**
 * The application's state around one LociClient: settings, device, library, downloads, notices,
 * which slide-over is open, and the chat. Components read it from context and call its methods;
 * only this class (and ChatModel) talks to the client.
 */
import { createContext, tick } from 'svelte';
import { PASSAGE_GONE, type AppSettings, type Collection, type DeviceSummary, type LibraryDoc, type LibraryEvent, type LociClient, type Passage, type Scope } from '../../protocol/api.ts';
import { allowModelSource } from '../../client/allowed-origins.ts';
import { modelsFor, type Source } from '../../protocol/vocabulary.ts';
import { ChatModel, type TurnView } from './chat.svelte.ts';
import { Downloads } from './downloads.svelte.ts';
import { SiteVisit } from './site-visit.svelte.ts';
import { messageOf } from './errors.ts';
import { noticeWords, pushNotice, type Notice, type NoticeAction } from '../lib/notices.ts';
import { noticeText, t } from '../i18n/index.svelte.ts';
import { askToKeep, isKept, type Persistence } from '../lib/persistence.ts';

export type Panel = 'viewer' | 'inspector' | 'settings';

/** The id of Settings › Storage, which openStorage scrolls to. */
export const STORAGE_SECTION_ID = 'settings-storage';

export type { Notice } from '../lib/notices.ts';

export interface ViewerState {
  source: Source;
  passage?: Passage;
  error?: string;
  /** The passage has left the library (its document was deleted or replaced): said, nothing else opened. */
  gone?: boolean;
}

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some privacy modes throw on access; chats then simply are not listed across reloads.
    return undefined;
  }
}

export class AppModel {
  /** `waiting`: another tab holds the library; this one starts when that tab is closed. */
  phase = $state<'starting' | 'waiting' | 'ready' | 'failed'>('starting');
  failure = $state('');
  settings = $state.raw<AppSettings | undefined>();
  device = $state.raw<DeviceSummary | undefined>();
  documents = $state.raw<LibraryDoc[]>([]);
  collections = $state.raw<Collection[]>([]);
  notices = $state<Notice[]>([]);
  panel = $state<Panel | null>(null);
  viewer = $state.raw<ViewerState | undefined>();
  inspectedTurnId = $state<string | undefined>();
  /** Whether the browser keeps the library; undefined until asked, at the first document added. */
  persistence = $state<Persistence | undefined>();
  readonly downloads = new Downloads();
  readonly chat: ChatModel;
  /** The library the site publishes, brought in at each start when this browser lacks its version. */
  readonly site: SiteVisit;
  #noticeId = 0;
  #viewerRequest = 0;
  #askedToKeep = false;

  constructor(readonly client: LociClient) {
    this.chat = new ChatModel(client, () => this.settings, localStore());
    this.site = new SiteVisit(client, (message, tone, subject) => this.notify(message, tone, subject), localStore());
  }

  /** Subscribes to library events and starts the engine; returns the unsubscribe. */
  start(): () => void {
    const off = this.client.onEvent((e) => this.#onEvent(e));
    void this.#boot();
    return off;
  }

  async #boot(): Promise<void> {
    try {
      const started = this.client.start();
      // asked with the start: none needs another's answer, and the engine answers each once its
      // part is open (the rows and the open chat's sources once the index is), so the page is
      // ready in the turn the start ends, not a round trip or two after it
      // (docs/decisions/2026-12-07-start-beside-the-decode.md). Each is shown as it comes, so
      // that an event after its reply (a job resumed at the start) is not undone by it.
      const shown = Promise.all([
        this.client.documents().then((documents) => (this.documents = documents)),
        this.client.collections().then((collections) => (this.collections = collections)),
        isKept().then((kept) => {
          if (kept) this.persistence = 'granted';
        }),
        this.chat.init(),
      ]);
      // a start that fails fails the rest too: its own reason is the one said
      shown.catch(() => undefined);
      const { settings, device } = await started;
      this.settings = settings;
      void this.#allowSource(settings);
      this.device = device;
      await shown;
      this.phase = 'ready';
      // the engine warms its search for a first question only now: the start above waited for none of it
      void this.client.shown().catch(() => undefined);
      // after the visitor's own library is ready: a large download never holds it back
      void this.site.visit();
    } catch (error) {
      this.failure = messageOf(error);
      this.phase = 'failed';
    }
  }

  #onEvent(event: LibraryEvent): void {
    if (event.type === 'documents') this.documents = event.documents;
    else if (event.type === 'collections') this.collections = event.collections;
    else if (event.type === 'download') this.downloads.update(event.progress);
    else if (event.type === 'held-elsewhere') this.phase = 'waiting';
    // a model problem is one notice, replaced by a newer one and gone once a model loads
    else if (event.type === 'resolved') this.notices = this.notices.filter((n) => n.subject !== event.subject);
    else if (event.type === 'notice') {
      // damage can be many documents at once (the vectors of every document the open image held, when it is lost)
      const action = this.#noticeAction(event.notice.kind);
      this.notify(() => noticeText(event.notice), event.notice.kind === 'restored' ? 'info' : 'error', event.subject ?? event.notice.kind, action);
    }
  }

  #noticeAction(kind: string): NoticeAction | undefined {
    if (kind === 'damaged') return { label: () => t('notice.repairAll'), run: () => void this.repairDamaged() };
    if (kind === 'storage-short') return { label: () => t('notice.openStorage'), run: () => void this.openStorage() };
    return undefined;
  }

  /** `subject` names what the notice is about (by default its text): a newer one about it replaces it. */
  notify(message: Notice['message'], tone: Notice['tone'] = 'error', subject: string = noticeWords({ message }), action?: NoticeAction): void {
    const id = ++this.#noticeId;
    this.notices = pushNotice(this.notices, { id, message, tone, subject, ...(action ? { action } : {}) });
    if (tone === 'info') setTimeout(() => this.dismiss(id), 4000);
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }

  /**
   * Runs a client call, turning a failure into a notice instead of an unhandled rejection. With a
   * `subject`, the notice is about it, and the same call succeeding later withdraws it.
   */
  async #attempt<T>(work: () => Promise<T>, fail?: (message: string) => string, subject?: string): Promise<T | undefined> {
    try {
      const result = await work();
      if (subject !== undefined) this.notices = this.notices.filter((n) => n.subject !== subject);
      return result;
    } catch (error) {
      const message = messageOf(error);
      this.notify(fail ? fail(message) : message, 'error', subject);
      return undefined;
    }
  }

  addFiles(files: File[]): Promise<void | undefined> {
    void this.#askToKeep();
    return this.#attempt(() => this.client.addFiles(files), undefined, 'add-files');
  }

  /** The files of a dropped or chosen folder: stored and indexed, and a collection named after it. */
  addFolder(name: string, files: File[]): Promise<void | undefined> {
    void this.#askToKeep();
    return this.#attempt(() => this.client.addFiles(files, { collection: name }), undefined, 'add-files');
  }

  createCollection(name: string, docIds: string[] = []): Promise<Collection | undefined> {
    return this.#attempt(() => this.client.createCollection(name, docIds));
  }
  renameCollection(id: string, name: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.renameCollection(id, name));
  }
  deleteCollection(id: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.deleteCollection(id));
  }
  setInCollection(id: string, docIds: string[], add: boolean): Promise<void | undefined> {
    return this.#attempt(() => this.client.setInCollection(id, docIds, add));
  }

  /** A chat within `scope`, asking `question` at once when given (Summarize). */
  askWithin(scope: Scope, question?: string): Promise<void | undefined> {
    return this.#attempt(() => this.chat.askWithin(scope, question));
  }

  setScope(scope: Scope): Promise<void | undefined> {
    return this.#attempt(() => this.chat.setScope(scope));
  }

  /** Asks the browser to keep the library, once a session, when documents are added and it does not yet. */
  async #askToKeep(): Promise<void> {
    if (this.#askedToKeep || this.persistence === 'granted') return;
    this.#askedToKeep = true;
    this.persistence = await askToKeep();
  }
  pause(id: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.pause(id));
  }
  /** Resumes a paused document, or retries a failed one. */
  resume(id: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.resume(id), undefined, `doc:${id}`);
  }
  cancel(id: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.cancel(id));
  }
  remove(id: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.remove(id));
  }
  repair(id: string): Promise<void | undefined> {
    return this.#attempt(() => this.client.repair(id));
  }

  /** Repairs every document whose row says it is damaged, one after another (each is queued for indexing). */
  async repairDamaged(): Promise<void> {
    for (const doc of this.documents.filter((d) => d.status === 'damaged')) await this.repair(doc.id);
  }

  /** Loads the embedding model again with the settings as they are: saving them opens the index when none is. */
  retryModels(): Promise<AppSettings | undefined> {
    return this.#attempt(() => this.client.updateSettings({}));
  }

  /** The settings as the engine holds them, after it changed them itself (an import switched the embedder). */
  async reloadSettings(): Promise<void> {
    this.settings = await this.client.settings();
  }

  async saveSettings(patch: Partial<AppSettings>, fail: (message: string) => string): Promise<void> {
    const before = this.settings;
    // Optimistic, so controls do not lag behind the worker round trip.
    if (before) this.settings = { ...before, ...patch };
    const saved = await this.#attempt(() => this.client.updateSettings(patch), fail);
    this.settings = saved ?? before;
    if (saved && patch.modelSource) void this.#allowSource(saved);
  }

  /**
   * Lets the service worker through to the model source's origins; when the workers were started
   * under a list without them (a mirror just chosen), the page starts again, settings kept.
   */
  async #allowSource(settings: AppSettings): Promise<void> {
    try {
      await allowModelSource(settings.modelSource);
    } catch {
      // A service worker that cannot be told keeps the list it had: downloads from elsewhere fail and say so.
    }
  }

  /**
   * Keeps the models of a folder on this computer, switches the source to the site's /models/
   * folder (where they are now found), and picks the folder's models for each task whose current
   * choice is not among them.
   */
  async importModelFolder(files: File[]): Promise<void> {
    const repos = await this.#attempt(() => this.client.importModelFolder(files.map((file) => ({ path: file.webkitRelativePath || file.name, file }))));
    if (repos === undefined) return;
    if (repos.length === 0) {
      this.notify(() => t('settings.folderNone'), 'error', 'model-folder');
      return;
    }
    const patch: Partial<AppSettings> = { modelSource: { kind: 'local' } };
    for (const [task, key] of [['embedder', 'embedderId'], ['generator', 'generatorId'], ['reranker', 'rerankerId']] as const) {
      const inFolder = modelsFor(task).filter((m) => repos.includes(m.repo));
      if (inFolder.length > 0 && !inFolder.some((m) => m.id === this.settings?.[key])) patch[key] = inFolder[0].id;
    }
    await this.saveSettings(patch, (message) => message);
    this.notify(() => t('settings.folderLoaded', { names: repos.join(', ') }), 'info', 'model-folder');
  }

  async openSource(source: Source): Promise<void> {
    const request = ++this.#viewerRequest;
    this.panel = 'viewer';
    if (source.gone) {
      this.viewer = { source, gone: true };
      return;
    }
    this.viewer = { source };
    try {
      const passage = await this.client.passage(source.chunk.id);
      if (request === this.#viewerRequest) this.viewer = { source, passage };
    } catch (error) {
      if (request !== this.#viewerRequest) return;
      // the engine's name for it crosses the worker boundary (PassageGoneError)
      this.viewer = error instanceof Error && error.name === PASSAGE_GONE ? { source, gone: true } : { source, error: messageOf(error) };
    }
  }

  inspect(turnId?: string): void {
    this.inspectedTurnId = turnId;
    this.panel = 'inspector';
  }

  /** The turn the inspector shows: the one asked for, else the latest answer. */
  get inspectedTurn(): TurnView | undefined {
    const turns = this.chat.turns;
    return turns.find((t) => t.id === this.inspectedTurnId) ?? turns.at(-1);
  }

  /** Opens the settings at Storage, where documents can be deleted to make room. */
  async openStorage(): Promise<void> {
    this.panel = 'settings';
    await tick();
    document.getElementById(STORAGE_SECTION_ID)?.scrollIntoView({ block: 'start' });
  }

  toggle(panel: Panel): void {
    this.panel = this.panel === panel ? null : panel;
    if (panel === 'inspector') this.inspectedTurnId = undefined;
  }

  close(): void {
    this.panel = null;
  }
}

export const [getApp, setApp] = createContext<AppModel>();
