/**
 * A question asked the moment the app is ready, timed on the page's own clock. Driven from the
 * bench through Playwright, the same clicks put 0.3-0.5 s of round trips between a reopened app
 * being ready and its question being asked (a new chat, its empty list awaited, the question
 * filled, the ask clicked: 1.23 → 1.72 s in a run of 2026-12-03), and the app was charged for them.
 * Here the page clicks and types as a person's events do, and says when each step happened.
 */
import type { Page } from 'playwright-core';

/** Milliseconds from the page's navigation (its performance time origin). */
export interface InPageAsk {
  /** The client started: models loaded, index open (`data-embedder-device` set). */
  startedMs: number;
  /** The app ready to take a question: Ask enabled, the documents listed and the open chat restored. */
  readyMs: number;
  /** The question sent, in a new chat. */
  askedMs: number;
  /** Its first source on screen. */
  sourcesMs: number;
}

/**
 * Waits in the page for the app to be ready, opens a new chat (a reopened app shows the chat it
 * had open, where a question would be a follow-up made standalone by the chat model first), asks
 * `question` there, and waits for its first source.
 */
export function askInPage(page: Page, question: string, timeoutMs = 120_000): Promise<InPageAsk> {
  return page.evaluate(
    async ([text, timeout]) => {
      // methods, not functions held in constants: tsx names those with a helper the page lacks
      const on = {
        /** Resolves with the time `holds` is first true, checked on every change to the document. */
        when(holds: () => boolean, what: string): Promise<number> {
          return new Promise<number>((resolve, reject) => {
            if (holds()) return resolve(performance.now());
            const observer = new MutationObserver(() => {
              if (!holds()) return;
              observer.disconnect();
              clearTimeout(timer);
              resolve(performance.now());
            });
            const timer = setTimeout(() => {
              observer.disconnect();
              reject(new Error(`the bench's question: no ${what} after ${timeout / 1000} s`));
            }, timeout);
            observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
          });
        },
        element<T extends Element>(selector: string): T | null {
          return document.querySelector<T>(selector);
        },
        ask(): HTMLButtonElement | null {
          return document.querySelector<HTMLButtonElement>('[data-testid="ask"]');
        },
        /** Types the question as a person's input does (the box is bound to its input events). */
        type(): void {
          const box = document.querySelector<HTMLTextAreaElement | HTMLInputElement>('[data-testid="question"]')!;
          box.value = text;
          box.dispatchEvent(new Event('input', { bubbles: true }));
        },
      };
      const startedMs = await on.when(() => document.documentElement.dataset.embedderDevice !== undefined, 'client started');
      // The question typed first: Ask is enabled once the app is ready (its documents listed and
      // the chat it had open restored), which is the moment a person can ask.
      await on.when(() => on.element('[data-testid="question"]') !== null, 'question box');
      on.type();
      const readyMs = await on.when(() => on.ask()?.disabled === false, 'Ask enabled');
      // a new chat and the question at once, as a quick person does: its turn stays while the
      // new chat's (empty) history is on its way
      on.element<HTMLButtonElement>('[data-testid="new-chat"]')!.click();
      on.ask()!.click();
      const askedMs = performance.now();
      // the old chat's turns leave the screen at the next render, before any source of this one
      await new Promise((resolve) => setTimeout(resolve));
      const sourcesMs = await on.when(() => on.element('article.turn [data-testid="source"]') !== null, 'source');
      return { startedMs, readyMs, askedMs, sourcesMs };
    },
    [question, timeoutMs] as const,
  );
}
