/**
 * The chat list: a chat can be renamed (the title is kept in IndexedDB across a reload) and
 * deleted after a confirmation, from the keyboard as well as the mouse.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appStarted, ask, openApp, waitForStatus } from './support/app-page.ts';
import { recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const QUESTION = 'Who approves a refund?';
const browser = useBrowser();

const titles = (page: Page) => page.locator('.chat select option').allTextContents();

describe('the chat list', () => {
  it('renames a chat, keeps the title across a reload, and deletes it once confirmed', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, baseURL);
    const rules = memoryFile('rules.md', 'text/markdown', Buffer.from('# Refunds\n\nA refund needs the approval of a store manager.\n'));
    await page.setInputFiles('[data-testid="file-input"]', [rules]);
    await waitForStatus(page, 'rules.md', 'ready');
    await ask(page, QUESTION);
    await expect.poll(() => titles(page)).toContain(QUESTION);

    // renamed from the keyboard: the field is focused with the old title selected, Enter saves
    await page.click('[data-testid="chat-rename"]');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-title');
    await page.keyboard.type('Refund rules');
    await page.keyboard.press('Enter');
    await expect.poll(() => titles(page)).toContain('Refund rules');
    expect(await titles(page)).not.toContain(QUESTION);
    await screenshot(page, 'chat-renamed');

    await page.reload();
    await appStarted(page);
    await expect.poll(() => titles(page), { timeout: 30_000 }).toContain('Refund rules');

    // Escape leaves the title as it was
    await page.click('[data-testid="chat-rename"]');
    await page.keyboard.type('Something else');
    await page.keyboard.press('Escape');
    expect(await titles(page)).toContain('Refund rules');

    // deleting asks first; keeping changes nothing, deleting removes the chat
    await page.click('[data-testid="chat-delete"]');
    await page.getByRole('button', { name: 'Keep' }).click();
    expect(await titles(page)).toContain('Refund rules');
    await page.click('[data-testid="chat-delete"]');
    await page.click('[data-testid="chat-delete-yes"]');
    await expect.poll(() => titles(page)).not.toContain('Refund rules');
    await page.reload();
    await appStarted(page);
    expect(await titles(page)).not.toContain('Refund rules');
    await recorded.context.close();
  });
});
