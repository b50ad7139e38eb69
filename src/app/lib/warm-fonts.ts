/**
 * The first layout of text in a font strike the page has not drawn yet asks the browser process
 * for it: the typeface (Chromium's FontCache::GetFontPlatformData) and, on Linux, its render style,
 * which is asked per strike, family × size × bold × italic (FontRenderStyleForStrike). Right after
 * a drop the browser is busy reading the file and both cores parse it and load models, so that
 * wait blocked the page: long style and layout tasks in the PDF drop bench, where the library's new
 * row was the first text in some weights; with every weight warmed at one size, still one where the
 * row's stage label is the first text at 0.68rem (docs/decisions/2026-11-26-main-thread-during-a-pdf.md). Laying
 * out one line in every size and weight the stylesheets declare, while the page is idle, moves
 * those lookups before any drop.
 */

/** What warming reads of a CSS rule: its declarations, and the rules inside a grouping rule. */
export interface FontRule {
  style?: { fontSize: string; fontWeight: string };
  cssRules?: ArrayLike<FontRule>;
}

export interface Faces {
  /** CSS font-size values, as declared (rem and px resolve the same anywhere in the page). */
  sizes: string[];
  /** CSS font-weight values. */
  weights: string[];
}

/** The sizes and weights the rules declare, and the body's own (inherited) ones. */
export function declaredFaces(rules: Iterable<FontRule>, body: { fontSize: string; fontWeight: string }): Faces {
  const sizes = new Set([body.fontSize]);
  const weights = new Set([body.fontWeight, '400']);
  const visit = (rule: FontRule) => {
    const size = rule.style?.fontSize;
    // an em or percentage size depends on where it is used; the page's are rem and px
    if (size && /^[\d.]+(rem|px)$/.test(size)) sizes.add(size);
    const weight = rule.style?.fontWeight;
    if (weight && /^\d+$/.test(weight)) weights.add(weight);
    for (const inner of Array.from(rule.cssRules ?? [])) visit(inner);
  };
  for (const rule of rules) visit(rule);
  return { sizes: [...sizes], weights: [...weights] };
}

function fontRule(rule: CSSRule): FontRule {
  return {
    style: rule instanceof CSSStyleRule ? rule.style : undefined,
    cssRules: rule instanceof CSSGroupingRule ? Array.from(rule.cssRules, fontRule) : undefined,
  };
}

/** Latin, digits (tabular too) and Han: Han comes from a fallback font, itself a separate lookup. */
const SAMPLE = 'Aa 0123456789 文档问答';

/** One line to lay out: a family, size and face. */
export interface WarmLine {
  family: string;
  size: string;
  weight: string;
  italic: boolean;
}

/** Every line warming lays out: each declared size and weight of both families, italic only in the regular weight. */
export function warmLines({ sizes, weights }: Faces): WarmLine[] {
  // italic only in the regular weight: emphasis is the only italic the page draws
  const faces = [...weights.map((weight) => ({ weight, italic: false })), { weight: '400', italic: true }];
  return ['var(--font)', 'var(--mono)'].flatMap((family) => sizes.flatMap((size) => faces.map((face) => ({ family, size, ...face }))));
}

/** What a slice of idle time tells: how much of it is left, in ms. */
export interface IdleSlice {
  timeRemaining(): number;
}

// A line's lookups can wait on the browser process for several ms: one is begun only with this much
// of the slice left, so a slice ends within the 50 ms that idle periods last.
const LINE_MARGIN = 10;
// And only while a slice has worked less than this: the page is idle while the engine worker works
// (a first question's search, right after the start), and a reply from it that came during a whole
// idle period's warming waited for all of it (docs/decisions/2026-12-07-reopen-laid-out-in-place.md).
const SLICE_WORK = 8;

/**
 * Runs `work` on each item, as many a slice as the slice has time for and at least one, asking
 * `schedule` for the next slice until all are done. Laid out in one task, every face at once,
 * warming was itself the page's longest task at the start of a large library's reopen
 * (docs/decisions/2026-12-07-reading-models-and-page-measured.md), each line's lookups waiting on the browser
 * process while the workers loaded.
 */
export function inIdleSlices<T>(items: readonly T[], work: (item: T) => void, schedule: (next: (slice: IdleSlice) => void) => void, done?: () => void): void {
  let at = 0;
  const step = (slice: IdleSlice) => {
    const begun = slice.timeRemaining();
    do work(items[at++]);
    while (at < items.length && slice.timeRemaining() > LINE_MARGIN && begun - slice.timeRemaining() < SLICE_WORK);
    if (at < items.length) schedule(step);
    else done?.();
  };
  if (items.length === 0) done?.();
  else schedule(step);
}

/**
 * Lays out the sample in every declared size and weight of both families once, a few lines each
 * time the page is idle; called once the app has started (App.svelte), not while a library opens
 * (docs/decisions/2026-12-07-reopen-beside-the-image.md).
 */
export function warmFonts(doc: Document = document): void {
  const schedule = (next: (slice: IdleSlice) => void) => {
    if ('requestIdleCallback' in window) requestIdleCallback(next, { timeout: 2_000 });
    else setTimeout(() => next({ timeRemaining: () => 0 }), 0);
  };
  schedule(() => {
    const rules: FontRule[] = [];
    for (const sheet of Array.from(doc.styleSheets)) {
      try {
        rules.push(...Array.from(sheet.cssRules, fontRule));
      } catch {
        // a cross-origin sheet hides its rules; the app has none
      }
    }
    const box = doc.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    // laid out (visibility, not display: none, which would skip the text) but never seen or hit
    box.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden;pointer-events:none;white-space:nowrap';
    doc.body.append(box);
    const lines = warmLines(declaredFaces(rules, getComputedStyle(doc.body)));
    const layOut = (face: WarmLine) => {
      const line = doc.createElement('span');
      line.textContent = SAMPLE;
      line.style.fontFamily = face.family;
      line.style.fontSize = face.size;
      line.style.fontWeight = face.weight;
      if (face.italic) line.style.fontStyle = 'italic';
      line.style.fontVariantNumeric = 'tabular-nums';
      box.append(line);
      void line.offsetWidth; // a shaped line's width: the layout, and so the font lookups, now
      line.remove();
    };
    inIdleSlices(lines, layOut, schedule, () => box.remove());
  });
}
