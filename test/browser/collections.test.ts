/**
 * Asking within, as a person does it: a dropped folder becomes a collection; a chat asked within
 * it cites only its documents, also after a reload, and an export imported into a fresh profile
 * brings the collection and the chat's scope; Summarize on a document asks about it alone.
 */
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appStarted, chatTitles, docRow, exportLibraryFile, importLibraryFile, openApp, waitForStatus } from './support/app-page.ts';
import { newContext, NO_SERVICE_WORKER, recordedContext, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const QUESTION = 'How long should the pancake batter rest before frying?';

const PRIVACY = '# Data protection\n\nPersonal data must be processed lawfully and fairly. Every controller appoints a data protection officer who answers to the supervisory authority.\n\n## Breaches\n\nA breach of personal data is reported to the authority within 72 hours.\n';
const TAX = '# Income tax\n\nIncome tax is declared every year by the last day of April. Late declarations pay a surcharge of five percent.\n\n## Deductions\n\nCharitable gifts are deducted from taxable income up to a fifth of it.\n';
const RECIPES = '# Pancakes\n\nMix flour, eggs and milk into a smooth batter. The pancake batter should rest for thirty minutes before frying, so the flour swells.\n';

/** Waits for the last answer on the page to finish, and gives the documents its sources come from. */
async function lastAnswerDocs(page: Page): Promise<string[]> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="answer"]')].at(-1)?.getAttribute('data-done') === 'true', undefined, { polling: 200 });
  return page.evaluate(() => {
    const turn = [...document.querySelectorAll('article.turn')].at(-1);
    return [...(turn?.querySelectorAll('[data-testid="source"]') ?? [])].map((chip) => chip.getAttribute('data-doc') ?? '');
  });
}

async function askInPage(page: Page, question: string): Promise<string[]> {
  const before = await page.locator('article.turn').count();
  await page.fill('[data-testid="question"]', question);
  await page.click('[data-testid="ask"]');
  await expect.poll(() => page.locator('article.turn').count()).toBe(before + 1);
  return lastAnswerDocs(page);
}

async function docId(page: Page, name: string): Promise<string> {
  return (await docRow(page, name).getAttribute('data-doc-id')) ?? '';
}

describe('collections and a chat\'s scope', () => {
  it('make a collection of a dropped folder, answer within it from its documents alone across a reload and an import, and summarize one document', async () => {
    const folder = path.join(await mkdtemp(path.join(tmpdir(), 'loci-collection-')), 'Laws');
    await mkdir(folder);
    await writeFile(path.join(folder, 'privacy.md'), PRIVACY);
    await writeFile(path.join(folder, 'tax.md'), TAX);
    await writeFile(path.join(folder, '.DS_Store'), 'not a document');

    const first = await recordedContext(browser());
    const page = await first.newPage();
    await openApp(page, baseURL);
    await page.setInputFiles('[data-testid="file-input"]', [memoryFile('recipes.md', 'text/markdown', Buffer.from(RECIPES))]);
    await page.setInputFiles('[data-testid="folder-input"]', folder);
    for (const name of ['recipes.md', 'privacy.md', 'tax.md']) await waitForStatus(page, name, 'ready');
    // the system's hidden file was not taken for a document
    expect(await page.locator('[data-testid="doc-row"]').count()).toBe(3);
    const laws = page.locator('[data-testid="collection-row"][data-name="Laws"]');
    await expect.poll(() => laws.textContent()).toContain('2 documents');
    const inLaws = new Set([await docId(page, 'privacy.md'), await docId(page, 'tax.md')]);
    const recipes = await docId(page, 'recipes.md');

    // the whole library finds the recipe; a chat within the collection never cites it
    expect(await askInPage(page, QUESTION)).toContain(recipes);
    await laws.locator('[data-testid="collection-ask"]').click();
    await expect.poll(() => page.textContent('[data-testid="scope-label"]')).toBe('Laws (collection)');
    const within = await askInPage(page, QUESTION);
    expect(within.length).toBeGreaterThan(0);
    expect(within.every((doc) => inLaws.has(doc))).toBe(true);

    // the scope is kept with the chat
    await page.reload();
    await appStarted(page);
    await expect.poll(() => page.textContent('[data-testid="scope-label"]')).toBe('Laws (collection)');
    const again = await askInPage(page, 'And what about frying pancakes in butter?');
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((doc) => inLaws.has(doc))).toBe(true);
    await page.click('[data-testid="open-inspector"]');
    await expect.poll(() => page.textContent('[data-testid="inspector-scope"]')).toMatch(/privacy\.md.*tax\.md|tax\.md.*privacy\.md/);
    await page.click('[data-testid="open-inspector"]');

    // Summarize asks about the document alone, in a chat of its own
    const privacy = await docId(page, 'privacy.md');
    await docRow(page, 'privacy.md').locator('[data-testid="summarize-doc"]').click();
    const summary = await lastAnswerDocs(page);
    expect(summary.length).toBeGreaterThan(1);
    expect(new Set(summary)).toEqual(new Set([privacy]));
    expect(await page.textContent('[data-testid="scope-label"]')).toBe('privacy.md');

    const file = await exportLibraryFile(page);

    const second = await recordedContext(browser());
    const fresh = await second.newPage();
    await openApp(fresh, baseURL);
    await importLibraryFile(fresh, file);
    await fresh.locator('[data-testid="collection-row"][data-name="Laws"]').waitFor();
    await expect.poll(() => chatTitles(fresh)).toContain(QUESTION);
    await fresh.click('[data-testid="open-settings"]');
    await fresh.click('[data-testid="chat-picker"]');
    // the first chat asked (the whole library), then the one within Laws: both were titled by the question
    const items = fresh.locator('[data-testid="chat-item"]', { hasText: QUESTION });
    const scopes: string[] = []; // in the order the chat list gives the two chats
    const count = await items.count();
    expect(count).toBe(2);
    for (let i = 0; i < count; i++) {
      if (!(await fresh.locator('[data-testid="chat-panel"]').isVisible())) await fresh.click('[data-testid="chat-picker"]');
      await items.nth(i).click();
      await fresh.locator('article.turn').first().waitFor();
      scopes.push((await fresh.textContent('[data-testid="scope-label"]')) ?? '');
    }
    expect([...scopes].sort()).toEqual(['Laws (collection)', 'the whole library']);

    // a collection is renamed in place, filled and emptied from a document's row, and deleted
    // after a question, its documents kept; the chat asked within it follows the new name
    const imported = fresh.locator('[data-testid="collection-row"][data-name="Laws"]');
    await imported.locator('[data-testid="collection-rename"]').click();
    await fresh.fill('[data-testid="collection-name"]', 'Statutes');
    await fresh.keyboard.press('Enter');
    const statutes = fresh.locator('[data-testid="collection-row"][data-name="Statutes"]');
    await statutes.waitFor();
    const recipesRow = docRow(fresh, 'recipes.md');
    await recipesRow.locator('[data-testid="doc-collections"]').selectOption({ label: 'Add to Statutes' });
    await expect.poll(() => statutes.textContent()).toContain('3 documents');
    await expect.poll(() => recipesRow.locator('[data-testid="doc-member-of"]').textContent()).toBe('in Statutes');
    await recipesRow.locator('[data-testid="doc-collections"]').selectOption({ label: 'Take out of Statutes' });
    await expect.poll(() => statutes.textContent()).toContain('2 documents');
    await statutes.locator('[data-testid="collection-delete"]').click();
    await fresh.click('[data-testid="collection-delete-yes"]');
    await expect.poll(() => fresh.locator('[data-testid="collection-row"]').count()).toBe(0);
    expect(await fresh.locator('[data-testid="doc-row"]').count()).toBe(3);
    // the chat asked within it says that what it searched is gone, rather than search everything
    const lawsChat = scopes.indexOf('Laws (collection)');
    await fresh.click('[data-testid="chat-picker"]');
    await fresh.locator('[data-testid="chat-item"]', { hasText: QUESTION }).nth(lawsChat).click();
    await expect.poll(() => fresh.textContent('[data-testid="scope-label"]')).toBe('what it was asked within is gone: choose again');
    await first.context.close();
    await second.context.close();
  });

  it('on a phone, Summarize on a row of the library opens the chat within that document, the library out of the way', async () => {
    const context = await newContext(browser(), { viewport: { width: 390, height: 844 }, ...NO_SERVICE_WORKER });
    const page = await context.newPage();
    await openApp(page, baseURL);
    await page.setInputFiles('[data-testid="file-input"]', [memoryFile('tax.md', 'text/markdown', Buffer.from(TAX))]);
    const library = page.locator('button[aria-controls="library"]');
    await library.click();
    await waitForStatus(page, 'tax.md', 'ready');
    await docRow(page, 'tax.md').locator('[data-testid="summarize-doc"]').click();
    await expect.poll(() => library.getAttribute('aria-expanded')).toBe('false');
    expect(await page.textContent('[data-testid="scope-label"]')).toBe('tax.md');
    expect((await lastAnswerDocs(page)).length).toBeGreaterThan(0);
    await context.close();
  });
});
