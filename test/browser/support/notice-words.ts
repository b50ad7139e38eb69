/**
 * Notices and a row's problem are sentences, never an error's name: a notice that read
 * "QuotaExceededError" told a person nothing (issue 41). Every recorded context watches what its
 * pages show as alerts and notices, and useBrowser fails the test that showed one.
 */
import type { BrowserContext } from 'playwright-core';

/** Text that is an error's bare name ("QuotaExceededError …") or a stringified error ("Error: …", "TypeError: …"). */
export function bareErrorName(text: string): boolean {
  return /^[A-Z][a-zA-Z]*Error\b/.test(text.trim()) || /Error:/.test(text);
}

const BINDING = '__lociShown';
/** Alerts (a notice of an error, a row's problem) and notices of any tone. */
const SHOWN = '[role="alert"], [data-testid="notice"]';

/** Records each distinct text the context's pages show as an alert or a notice, as they show it. */
export async function watchNotices(context: BrowserContext, shown: string[]): Promise<void> {
  await context.exposeBinding(BINDING, (_source, text: string) => void shown.push(text));
  await context.addInitScript(
    ([binding, selector]) => {
      const seen = new Set<string>();
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      const look = () => {
        for (const element of document.querySelectorAll(selector)) {
          const text = element.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (text && !seen.has(text)) {
            seen.add(text);
            void report(text);
          }
        }
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
    },
    [BINDING, SHOWN] as const,
  );
}
