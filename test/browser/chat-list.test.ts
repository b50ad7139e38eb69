/**
 * The chat list: chats are found by their title and opened from the list, renamed (the title is
 * kept in IndexedDB across a reload) and deleted after a confirmation, from the keyboard as well
 * as the mouse.
 */
import { describe, expect, inject, it } from 'vitest';
import { appStarted, ask, chatTitles, openRecordedApp, waitForStatus } from './support/app-page.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const QUESTION = 'Who approves a refund?';
const browser = useBrowser();

const titles = chatTitles;

describe('the chat list', () => {
  it('renames a chat, keeps the title across a reload, and deletes it once confirmed', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
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

    // a second chat; the list finds either by its title and opens it
    await page.click('[data-testid="new-chat"]');
    await ask(page, 'Who approves a store manager?');
    await expect.poll(() => titles(page)).toEqual(['Who approves a store manager?', 'Refund rules']);
    await page.click('[data-testid="chat-picker"]');
    await page.keyboard.type('REFUND');
    await expect.poll(() => page.locator('[data-testid="chat-item"] .title').allTextContents()).toEqual(['Refund rules']);
    await screenshot(page, 'chat-list-search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="chat-picker"]').textContent()).toContain('Refund rules');
    await expect.poll(() => page.locator('.turn').first().getAttribute('aria-label')).toBe(QUESTION);
    await page.click('[data-testid="chat-picker"]');
    await page.keyboard.type('nothing like this');
    expect(await page.locator('[data-testid="chat-item"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid="chat-panel"]').count()).toBe(0);
    // a click outside, even on text that takes no focus, closes it too
    await page.click('[data-testid="chat-picker"]');
    await page.click('#library-title');
    await expect.poll(() => page.locator('[data-testid="chat-panel"]').count()).toBe(0);

    await page.reload();
    await appStarted(page);
    await expect.poll(() => titles(page)).toContain('Refund rules');

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

    // from the list itself, any chat is renamed and deleted on its own row, the open one or not
    await page.click('[data-testid="new-chat"]');
    await ask(page, 'Who needs an approval?');
    await expect.poll(() => titles(page)).toEqual(['Who needs an approval?', 'Who approves a store manager?']);
    await page.click('[data-testid="chat-picker"]');
    const other = page.locator('[data-testid="chat-row"]').filter({ hasText: 'Who approves a store manager?' });
    await other.locator('[data-testid="chat-row-rename"]').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-row-title');
    await page.keyboard.type('Managers');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="chat-item"] .title').allTextContents()).toEqual(['Who needs an approval?', 'Managers']);
    const managers = page.locator('[data-testid="chat-row"]').filter({ hasText: 'Managers' });
    await managers.locator('[data-testid="chat-row-delete"]').click();
    await screenshot(page, 'chat-list-row-delete');
    await managers.getByRole('button', { name: 'Keep' }).click();
    expect(await page.locator('[data-testid="chat-item"] .title').allTextContents()).toEqual(['Who needs an approval?', 'Managers']);
    await managers.locator('[data-testid="chat-row-delete"]').click();
    await page.click('[data-testid="chat-row-delete-yes"]');
    await expect.poll(() => titles(page)).toEqual(['Who needs an approval?']);
    // the open chat stayed open
    expect(await page.locator('.turn').first().getAttribute('aria-label')).toBe('Who needs an approval?');
    await page.reload();
    await appStarted(page);
    expect(await titles(page)).toEqual(['Who needs an approval?']);
    await recorded.context.close();
  });
});
