/**
 * The visit to a site that publishes a library (src/protocol/site-library.ts): at each start the
 * page reads the site's manifest; when this browser does not hold that version, it downloads the
 * file (progress shown in the library pane), checks it and hands it to the engine, which merges it
 * into the site's collection (workers/engine/site-library.ts). A refused file is a notice: the
 * visitor's own library is as it was. Offline, the service worker answers with the kept manifest,
 * whose version is held already, so nothing is fetched or imported again.
 */
import type { LociClient } from '../../protocol/api.ts';
import { SiteLibraryBytesError, downloadSiteLibrary, readSiteLibraryManifest, whenServiceWorkerControls } from '../../client/site-library.ts';
import { formatBytes } from '../lib/format.ts';
import { t } from '../i18n/index.svelte.ts';
import { messageOf } from './errors.ts';

/** `none`: the site publishes no library (or its manifest could not be read); `current`: this browser holds its version. */
export type SitePhase = 'none' | 'checking' | 'downloading' | 'importing' | 'current' | 'refused';

/** How the visit tells the person something: the app's notices. */
export type SiteNotify = (message: () => string, tone: 'error' | 'info', subject: string) => void;

export class SiteVisit {
  phase = $state<SitePhase>('none');
  received = $state(0);
  total = $state(0);

  constructor(
    private readonly client: LociClient,
    private readonly notify: SiteNotify,
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
      // First visit offline, or a manifest this app cannot read: the visitor's library opens as it is.
      console.warn(`Loci: the site's library manifest could not be read: ${messageOf(error)}`);
      return;
    }
    if (!manifest) return;
    this.phase = 'checking';
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
      const report = await this.client.importSiteLibrary(bytes.buffer, manifest.sha256);
      this.phase = 'current';
      const { switchedEmbedder } = report;
      if (switchedEmbedder) this.notify(() => t('site.switchedEmbedder', { model: switchedEmbedder }), 'info', 'site-library-embedder');
      this.notify(() => (report.updated ? t('site.updated') : t('site.added', { n: report.documents })), 'info', 'site-library');
    } catch (error) {
      this.phase = 'refused';
      const detail = refusalWords(error);
      this.notify(() => t('site.refused', { detail: detail() }), 'error', 'site-library');
    }
  }
}

/** What is wrong with the file, in the page's words when the page found it, else the engine's. */
function refusalWords(error: unknown): () => string {
  if (error instanceof SiteLibraryBytesError) return () => t(error.problem === 'size' ? 'site.sizeWrong' : 'site.shaWrong');
  const message = messageOf(error);
  return () => message;
}
