/**
 * A built site served for a whole test file as a host that goes away and comes back at the same
 * address (so the app's origin and storage stay the visitor's): the visitor reloads offline, the
 * publisher rebuilds, and the next visit online brings the site's new library.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { appStarted } from './app-page.ts';
import { startPreview, type PreviewServer } from './server.ts';
import { noticeWith, sitePhase } from './site-visit.ts';

export class HostedSite {
  private server: PreviewServer | undefined;
  private port: number | undefined;

  private constructor(readonly dir: string) {}

  /** The site in `dir`, served on a free port. */
  static async serve(dir: string): Promise<HostedSite> {
    const site = new HostedSite(dir);
    await site.up();
    return site;
  }

  get url(): string {
    if (!this.server) throw new Error(`the site in ${this.dir} is not served now`);
    return this.server.url;
  }

  /** Served again, at the address it had. */
  async up(): Promise<void> {
    this.server = await startPreview(this.dir, this.port);
    this.port = Number(new URL(this.server.url).port);
  }

  async down(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  /** The host gone and the visitor's browser offline. */
  async offline(context: BrowserContext): Promise<void> {
    await this.down();
    await context.setOffline(true);
  }

  /** The host back with what it now holds and the visitor online: a reload says the site's library was updated. */
  async reloadUpdated(context: BrowserContext, page: Page): Promise<void> {
    await this.up();
    await context.setOffline(false);
    const updated = noticeWith(page, "The site's library was updated");
    await page.reload();
    await appStarted(page);
    await updated;
    await sitePhase(page, 'current');
  }
}
