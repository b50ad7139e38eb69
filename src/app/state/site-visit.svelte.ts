/**
 * The visit to a site that publishes a library (src/protocol/site-library-manifest.ts): at each start the
 * page reads the site's manifest; when this browser does not hold that version, it downloads the
 * file (progress shown in the library pane), checks it and hands it to the engine, which merges it
 * into the site's collection (workers/engine/site-library-import.ts). A refused file is a notice: the
 * visitor's own library is as it was. Offline, the service worker answers with the kept manifest,
 * whose version is held already, so nothing is fetched or imported again. A version the engine
 * refused as damaged or foreign is remembered (by its SHA-256, with the reason) and not downloaded
 * again at the next start: the same bytes would be refused again; the notice is shown again until
 * the site publishes another version or the app is updated.
 */
import type { LociClient } from '../../protocol/api.ts';
import { SiteLibraryBytesError, SiteLibraryManifestError, downloadSiteLibrary, readSiteLibraryManifest, whenServiceWorkerControls } from '../../client/site-library-download.ts';
import { formatBytes } from '../lib/format.ts';
import { t } from '../i18n/index.svelte.ts';
import { messageOf } from './errors.ts';
import { errorName } from '../lib/error-message.ts';

/**
 * `none`: the site publishes no library (or its manifest could not be read); `saving`: its
 * documents can be asked already, and are being stored (a first visit); `current`: this browser
 * holds its version (kept whole, though its records may still be being written).
 */
export type SitePhase = 'none' | 'checking' | 'downloading' | 'importing' | 'saving' | 'current' | 'refused';

/** How the visit tells the person something: the app's notices. */
export type SiteNotify = (message: () => string, tone: 'error' | 'info', subject: string) => void;

/** A version the engine refused: its hash, the engine's words, and the app that refused it. */
interface Refusal {
  sha256: string;
  message: string;
  /** This module's URL, hashed by each build: an updated app (which may read a newer file) tries again. */
  reader: string;
}

const REFUSED_KEY = 'loci.siteLibrary.refused';

/**
 * The engine's refusals of the file itself (damaged, foreign, of an unknown format), by error
 * name: those hold for the same bytes at every start. A full disk or another embedder in the
 * visitor's library may change, so those are tried again.
 */
const REFUSED_FOR_GOOD = new Set(['IndexFormatError', 'IndexDamagedError', 'DamagedLibraryError', 'LibraryFileError']);

export class SiteVisit {
  phase = $state<SitePhase>('none');
  received = $state(0);
  total = $state(0);

  constructor(
    private readonly client: LociClient,
    private readonly notify: SiteNotify,
    /** Where a refused version is remembered (localStorage); none: it is downloaded again at each start. */
    private readonly memory?: Storage,
  ) {}

  /** The download's words while it runs ("The site's library: 3.2 MB of 12 MB"). */
  get progressWords(): string {
    return t('site.downloading', { received: formatBytes(this.received), total: formatBytes(this.total) });
  }

  async visit(): Promise<void> {
    let manifest;
    try {
      // through the service worker, which keeps both for the next visit offline
      await whenServiceWorkerControls();
      manifest = await readSiteLibraryManifest();
    } catch (error) {
      // First visit offline: the visitor's library opens as it is, and the next start asks again.
      // A manifest this app cannot read is the site's mistake, and the visitor is told of it.
      const detail = messageOf(error);
      if (error instanceof SiteLibraryManifestError) this.notify(() => t('site.manifestWrong', { detail }), 'error', 'site-library');
      else console.warn(`Loci: the site's library manifest could not be read: ${detail}`);
      return;
    }
    if (!manifest) return;
    this.phase = 'checking';
    const refused = this.refused();
    if (refused?.sha256 === manifest.sha256 && refused.reader === import.meta.url) {
      this.phase = 'refused';
      this.notify(() => t('site.refused', { detail: refused.message }), 'error', 'site-library');
      return;
    }
    try {
      const held = await this.client.siteLibrary();
      if (held === manifest.sha256) {
        this.phase = 'current';
        return;
      }
      this.phase = 'downloading';
      const bytes = await downloadSiteLibrary(manifest, ({ received, total }) => {
        this.received = received;
        this.total = total;
      });
      this.phase = 'importing';
      const report = await this.client.importSiteLibrary(
        bytes.buffer,
        manifest.sha256,
        () => {
          this.phase = 'saving';
        },
        // kept whole (a tab closed now reopens with it), its records still written behind
        () => {
          this.phase = 'current';
        },
      );
      this.phase = 'current';
      this.memory?.removeItem(REFUSED_KEY);
      const { switchedEmbedder } = report;
      if (switchedEmbedder) this.notify(() => t('site.switchedEmbedder', { model: switchedEmbedder }), 'info', 'site-library-embedder');
      this.notify(() => (report.updated ? t('site.updated') : t('site.added', { n: report.documents })), 'info', 'site-library');
    } catch (error) {
      this.phase = 'refused';
      const detail = refusalWords(error);
      if (REFUSED_FOR_GOOD.has(errorName(error))) this.remember({ sha256: manifest.sha256, message: detail(), reader: import.meta.url });
      this.notify(() => t('site.refused', { detail: detail() }), 'error', 'site-library');
    }
  }

  private refused(): Refusal | undefined {
    try {
      const value: unknown = JSON.parse(this.memory?.getItem(REFUSED_KEY) ?? 'null');
      if (typeof value !== 'object' || value === null) return undefined;
      const { sha256, message, reader } = value as Record<string, unknown>;
      return typeof sha256 === 'string' && typeof message === 'string' && typeof reader === 'string' ? { sha256, message, reader } : undefined;
    } catch {
      return undefined;
    }
  }

  private remember(refusal: Refusal): void {
    try {
      this.memory?.setItem(REFUSED_KEY, JSON.stringify(refusal));
    } catch {
      // storage full or refused: the version is downloaded again next time, as before
    }
  }
}

const PROBLEM_WORDS = { size: 'site.sizeWrong', sha256: 'site.shaWrong', page: 'site.servedPage' } as const;

/** What is wrong with the file, in the page's words when the page found it, else the engine's. */
function refusalWords(error: unknown): () => string {
  if (error instanceof SiteLibraryBytesError) return () => t(PROBLEM_WORDS[error.problem]);
  const message = messageOf(error);
  return () => message;
}
