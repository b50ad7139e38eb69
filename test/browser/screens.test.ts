/**
 * Every screen, on a desktop and on a phone (390 × 844), in English and in Chinese: nothing runs
 * off the side (the page never scrolls sideways, no box scrolls sideways but a table's or code's,
 * no element ends past the viewport's right edge unless such a box holds it, and no clipping box
 * hides part of its content except text cut with an ellipsis), axe-core finds no serious or critical accessibility violation, and each
 * screen is saved as a screenshot (test-results/screenshots/screens-<lang>-<size>-<screen>.png).
 * With LOCI_DOC_IMAGES=1 the screens the README shows are also copied to docs/images/.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ask, docRow, openApp, waitForStatus } from './support/app-page.ts';
import { newContext, NO_SERVICE_WORKER, screenshot, SCREENSHOTS, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const LAW = '数据安全法_2021.md';
const SIZES = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;

interface Overflow {
  element: string;
  why: string;
}

/** What runs off the side: see the header. Runs in the page. */
function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: { element: string; why: string }[] = [];
    const width = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).filter(Boolean).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${cls} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (scrolls(p)) return true;
      return false;
    };
    if (document.documentElement.scrollWidth > width) found.push({ element: 'html', why: `the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}px` });
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (style.display === 'none' || style.visibility === 'hidden' || rect.width === 0 || rect.height === 0) continue;
      // the scrim of a closed drawer, the skip link and other things parked off screen on purpose
      if (rect.left >= width || rect.right <= 0) continue;
      if (rect.right > width + 1 && !inScroller(el)) found.push({ element: name(el), why: `ends at ${Math.round(rect.right)}px, past ${width}px` });
      // visually hidden text for screen readers: a 1px box that clips on purpose
      // a box that scrolls sideways hides the rest of a line the person is reading; only code
      // and tables (the inspector's trace) may, where lines cannot wrap
      if (scrolls(el) && el.scrollWidth > el.clientWidth + 1 && !el.querySelector(':scope > table, :scope > pre') && el.tagName !== 'PRE') {
        found.push({ element: name(el), why: `scrolls sideways by ${el.scrollWidth - el.clientWidth}px` });
      }
      const clips = ['hidden', 'clip'].includes(style.overflowX) && el.clientWidth > 1;
      if (clips && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1 && !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) {
        found.push({ element: name(el), why: `hides ${el.scrollWidth - el.clientWidth}px of its content` });
      }
    }
    return found;
  });
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated, not added as a <script>: the page's policy refuses inline script, and would refuse axe's too.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

type Size = keyof typeof SIZES;

/** The screenshots the README shows, by the name this test saves them under. */
const DOC_IMAGES: Record<string, string> = {
  'screens-en-desktop-source': 'source.png',
  'screens-en-desktop-inspector': 'inspector.png',
  'screens-en-desktop-scope': 'scope.png',
  'screens-zh-phone-settings': 'settings-zh-phone.png',
};

/** Refreshes docs/images/ from this run's screenshots of one language, when asked to. */
function refreshDocImages(lang: string): void {
  if (!process.env.LOCI_DOC_IMAGES) return;
  for (const [shot, image] of Object.entries(DOC_IMAGES)) {
    if (shot.startsWith(`screens-${lang}-`)) copyFileSync(path.join(SCREENSHOTS, `${shot}.png`), path.resolve('docs/images', image));
  }
}

/** Checks the screen as it is now, at both sizes; returns what failed, by screen and size. */
async function check(page: Page, lang: string, screen: string, open: (size: Size) => Promise<void>, close: () => Promise<void>): Promise<Record<string, unknown>> {
  const problems: Record<string, unknown> = {};
  for (const size of Object.keys(SIZES) as Size[]) {
    await page.setViewportSize(SIZES[size]);
    await open(size);
    await screenshot(page, `screens-${lang}-${size}-${screen}`);
    const [overflow, violations] = [await overflows(page), await axeViolations(page)];
    if (overflow.length > 0) problems[`${screen} ${size} overflow`] = overflow;
    if (violations.length > 0) problems[`${screen} ${size} axe`] = violations;
    await close();
  }
  return problems;
}

const languages = [
  { lang: 'en', locale: 'en-US', question: 'What must data processors do to protect data security?' },
  { lang: 'zh', locale: 'zh-CN', question: '数据处理者应当履行哪些数据安全保护义务？' },
] as const;

describe('every screen, desktop and phone, English and Chinese', () => {
  for (const { lang, locale, question } of languages) {
    it(`${lang}: nothing runs off the side and axe finds nothing serious`, async () => {
      const context = await newContext(browser(), { viewport: SIZES.desktop, locale, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      // the full answer: its layout with the longest reply is what is checked
      await openApp(page, baseURL, 'models=local');
      await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
      await waitForStatus(page, LAW, 'ready');
      await ask(page, question);
      const escape = () => page.keyboard.press('Escape');
      const nothing = async () => {};
      const menu = page.locator('button[aria-controls="library"]');
      // a collection holding the law, made from the library, for the scope panel to offer
      await page.click('[data-testid="new-collection"]');
      await page.fill('[data-testid="collection-name"]', lang === 'zh' ? '法律' : 'Laws');
      await page.keyboard.press('Enter');
      await docRow(page, LAW).locator('[data-testid="doc-collections"]').selectOption({ index: 1 });
      await page.locator('[data-testid="doc-member-of"]').waitFor();

      const problems = {
        ...(await check(page, lang, 'chat', nothing, nothing)),
        ...(await check(
          page,
          lang,
          'library',
          async (size) => {
            if (size === 'phone') await menu.click();
          },
          async () => {
            if (await menu.isVisible()) await escape();
          },
        )),
        ...(await check(page, lang, 'chat-list', () => page.click('[data-testid="chat-picker"]'), escape)),
        ...(await check(page, lang, 'scope', () => page.click('[data-testid="scope-button"]'), escape)),
        ...(await check(page, lang, 'settings', () => page.click('[data-testid="open-settings"]'), escape)),
        ...(await check(page, lang, 'inspector', () => page.click('[data-testid="open-inspector"]'), escape)),
        ...(await check(page, lang, 'source', () => page.locator('[data-testid="source"]').first().click(), escape)),
      };
      if (Object.keys(problems).length > 0) writeFileSync(`test-results/screens-${lang}.json`, JSON.stringify(problems, null, 2));
      expect(problems).toEqual({});
      refreshDocImages(lang);
      await context.close();
    });
  }
});
