/**
 * USE-Lite in the app: chosen in the settings, its files come from the site itself (never a model
 * host), it runs in the embed worker on TF.js's WASM backend, and a question that shares no word
 * with the passage it needs still finds it, which no embedder the tests had before could do.
 */
import { describe, expect, inject, it } from 'vitest';
import type { LibraryEvent } from '../../src/protocol/api.ts';
import type { Harness } from './harness.ts';
import { offMachine, recordedContext, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';
import { harnessAsk, openHarness, waitSettled } from './support/harness-page.ts';

const baseURL = inject('baseURL');
type HarnessWindow = { lociHarness: Harness };
const browser = useBrowser();

const GUIDE = [
  '# A small almanac',
  '## Rivers',
  'The Danube rises in the Black Forest and flows through ten countries before it reaches the Black Sea, more than any other river on Earth.',
  '## Bread',
  'Sourdough rises slowly because wild yeast and lactic bacteria ferment the dough for many hours, which gives the loaf its sour taste.',
  '## Chess',
  'A pawn that reaches the far rank is promoted, most often to a queen, the strongest piece on the board.',
  '## Volcanoes',
  'Magma that reaches the surface becomes lava; Mount Etna in Sicily erupts more often than almost any other mountain in Europe.',
].join('\n\n');

describe('USE-Lite, the trained embedder the site serves itself', () => {
  it('loads from this origin, indexes on WASM and finds a passage by meaning alone', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openHarness(page, baseURL);
    const settings = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.updateSettings({ embedderId: 'use-lite-en' }));
    expect(settings.embedderId).toBe('use-lite-en');

    await page.setInputFiles('[data-testid="file-input"]', memoryFile('almanac.md', 'text/markdown', Buffer.from(GUIDE)));
    const [doc] = await waitSettled(page, 1);
    expect(doc).toMatchObject({ status: 'ready', name: 'almanac.md' });

    // not one word of the question is in the rivers passage (the function words aside)
    const answer = await harnessAsk(page, 'Which waterway crosses the most nations?', 'use-lite', { retriever: 'dense' });
    expect(answer.error).toBeUndefined();
    expect(answer.sources[0]?.label).toMatch(/Rivers/);

    const events: LibraryEvent[] = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.events);
    const files = events.flatMap((e) => (e.type === 'download' && e.progress.model === 'use-lite-en' ? [e.progress.file] : []));
    expect(files).toContain('group1-shard1of7');
    const fetched = recorded.requests.filter((url) => url.includes('/bundled-models/use-lite-en/'));
    expect(fetched.some((url) => url.endsWith('/model.json'))).toBe(true);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});
