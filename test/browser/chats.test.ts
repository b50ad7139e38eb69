/**
 * The chats live in IndexedDB only: a chat asked in one profile is listed after a reload with
 * localStorage cleared, and a library exported from it and imported into a fresh profile lists
 * the same chat, at once and after a reload. An answer's Copy button puts it on the clipboard;
 * Regenerate replaces the last answer, on screen and in the store. A question asked the moment
 * New chat is clicked keeps its turn, and New chat clicked while the start restores the last chat
 * wins over the restore.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appStarted, ask, chatTitles, exportLibraryFile, importLibraryFile, openApp, waitForStatus } from './support/app-page.ts';
import { recordedContext, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const QUESTION = 'Who approves a refund?';
const SECOND = 'Whose approval does a refund need?';
const browser = useBrowser();

async function waitForChat(page: Page, title: string): Promise<void> {
  await expect.poll(() => chatTitles(page)).toContain(title);
}

describe('chats', () => {
  it('are listed from IndexedDB after a reload without localStorage, and after an export and import into a fresh profile', async () => {
    const first = await recordedContext(browser());
    const page = await first.newPage();
    await openApp(page, baseURL);
    const rules = memoryFile('rules.md', 'text/markdown', Buffer.from('# Refunds\n\nA refund needs the approval of a store manager.\n'));
    await page.setInputFiles('[data-testid="file-input"]', [rules]);
    await waitForStatus(page, 'rules.md', 'ready');
    const answer = await ask(page, QUESTION);

    // Copy puts the answer on the clipboard.
    await first.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.click('[data-testid="copy-answer"]');
    await page.locator('[data-testid="copy-answer"]', { hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(0);
    expect(answer).toContain(copied.slice(0, 20).trim());

    // Regenerate asks the last question again; the new answer replaces the old one.
    // The old answer is marked, so the wait below only ends on a new one (a new element).
    await page.evaluate(() => document.querySelector('[data-testid="answer"]')?.setAttribute('data-old', ''));
    await page.click('[data-testid="regenerate"]');
    await page.waitForFunction(
      () => {
        const answers = document.querySelectorAll('[data-testid="answer"]');
        return answers.length === 1 && !answers[0].hasAttribute('data-old') && answers[0].getAttribute('data-done') === 'true';
      },
    );

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await appStarted(page);
    await waitForChat(page, QUESTION);
    // Stored once: the regenerated turn replaced the first.
    await page.locator('[data-testid="answer"][data-done="true"]').waitFor();
    expect(await page.locator('[data-testid="answer"]').count()).toBe(1);

    const file = await exportLibraryFile(page);

    // A question asked the moment New chat is clicked, before the new chat's empty history has
    // come back from the engine, keeps its turn on screen.
    await page.evaluate((question) => {
      (document.querySelector('[data-testid="new-chat"]') as HTMLButtonElement).click();
      const box = document.querySelector('[data-testid="question"]') as HTMLTextAreaElement;
      box.value = question;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }, SECOND);
    await page.locator('main [data-testid="answer"][data-done="true"]').waitFor();
    expect(await page.locator('main').getByText(SECOND).filter({ visible: true }).count()).toBeGreaterThan(0);
    expect(await page.locator('main [data-testid="answer"]').count()).toBe(1);

    // New chat clicked as soon as it is drawn, while the start is still restoring the last chat:
    // the new chat stays open, and both stored chats are listed.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="new-chat"]');
        if (!button) return;
        observer.disconnect();
        button.click();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await appStarted(page);
    // Ask is enabled once the start, the chat's restore included, is done.
    await page.fill('[data-testid="question"]', QUESTION);
    await page.locator('[data-testid="ask"]:enabled').waitFor();
    expect(await page.locator('main [data-testid="answer"]').count()).toBe(0);
    expect(await chatTitles(page)).toEqual(expect.arrayContaining([QUESTION, SECOND]));

    const second = await recordedContext(browser());
    const fresh = await second.newPage();
    await openApp(fresh, baseURL);
    expect(await chatTitles(fresh)).not.toContain(QUESTION);
    await importLibraryFile(fresh, file);
    await waitForChat(fresh, QUESTION);
    await fresh.reload();
    await appStarted(fresh);
    await waitForChat(fresh, QUESTION);
    // The latest chat is opened, with its turn.
    await fresh.locator('main').getByText(QUESTION).filter({ visible: true }).first().waitFor();
    await first.context.close();
    await second.context.close();
  });
});
