/**
 * The browser profile the large library is written into and reopened from. Playwright's
 * `browser.newContext()` is off the record: Chromium holds its IndexedDB and origin private file
 * system in memory, and reads from them are not what a person's browser does. Reading the app's
 * 45.5 MB open image in a worker (a Blob's arrayBuffer, five runs each, 2026-11-27): 461-705 ms off
 * the record, 238-279 ms from a profile on disk. So the library is measured in a profile of its
 * own on disk, as an installed app or a browser keeps it, and `--incognito` measures it as before.
 *
 * On disk the browser can also be started again, as for a person's next session: Chromium gave the
 * app's first visit the renderer the bench page had just closed (the same process, traced), whose
 * main thread still held the garbage of writing 100k entries and marked it during the first visit
 * (a 1.5 s task, 0.85 s of it running, at 2.3 s; after a restart, none: 86 ms at most).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { launchOptions } from '../../test/browser/support/browser.ts';

export interface Profile {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /**
   * Closes the browser and starts it again on the same profile: new processes, the storage and
   * caches as they were left. Off the record it keeps the context, which closing would empty.
   */
  restart(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 860 };

export interface ProfileOptions {
  onDisk: boolean;
  /** The browser off the record contexts are made in. */
  browser: Browser;
  /** More Chromium switches for a browser started on the profile. */
  extraArgs: readonly string[];
  /** Readies each context before its first page: the one off the record, each start on disk. */
  setup(context: BrowserContext): Promise<void>;
}

/** A profile on disk in a directory of its own, or off the record; closed (and removed) after `use`. */
export async function withProfile<T>({ onDisk, browser, extraArgs, setup }: ProfileOptions, use: (profile: Profile) => Promise<T>): Promise<T> {
  if (!onDisk) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      await setup(context);
      return await use({ browser, context, restart: async () => undefined });
    } finally {
      await context.close();
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'loci-bench-profile-'));
  const launch = async () => {
    const context = await chromium.launchPersistentContext(dir, { ...launchOptions(extraArgs), viewport: VIEWPORT });
    const own = context.browser();
    if (!own) throw new Error('a profile on disk without its browser');
    await setup(context);
    return { browser: own, context };
  };
  let session = await launch();
  try {
    return await use({
      get browser() {
        return session.browser;
      },
      get context() {
        return session.context;
      },
      async restart() {
        await session.context.close();
        session = await launch();
      },
    });
  } finally {
    await session.context.close();
    await rm(dir, { recursive: true, force: true });
  }
}
