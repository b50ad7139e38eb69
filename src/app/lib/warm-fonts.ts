/**
 * The first layout of text in a face the page has not drawn yet asks the browser process for the
 * font (Chromium's FontCache::GetFontPlatformData). Right after a drop the browser is busy reading
 * the file and both cores parse it and load models, so that wait blocked the page: style and layout
 * tasks of 267–553 ms in the PDF drop bench, where the library's new row was the first text in some
 * weights. Laying out one line in every face the stylesheet uses while the page is idle moves those
 * lookups before any drop.
 */

/** The weights styles.css and the components use (grep font-weight), and the regular italic of emphasis. */
const FACES: readonly { weight: number; style?: 'italic' }[] = [
  { weight: 400 },
  { weight: 400, style: 'italic' },
  { weight: 550 },
  { weight: 600 },
  { weight: 650 },
  { weight: 700 },
];

/** Latin, digits (tabular too) and Han: Han comes from a fallback font, itself a separate lookup. */
const SAMPLE = 'Aa 0123456789 文档问答';

/** Lays out the sample in every face of both families once, when the page is first idle. */
export function warmFonts(doc: Document = document): void {
  const run = () => {
    const box = doc.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    // laid out (visibility, not display: none, which would skip the text) but never seen or hit
    box.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden;pointer-events:none;white-space:nowrap';
    for (const family of ['var(--font)', 'var(--mono)']) {
      for (const face of FACES) {
        const line = doc.createElement('span');
        line.textContent = SAMPLE;
        line.style.fontFamily = family;
        line.style.fontWeight = String(face.weight);
        if (face.style) line.style.fontStyle = face.style;
        line.style.fontVariantNumeric = 'tabular-nums';
        box.append(line, doc.createElement('br'));
      }
    }
    doc.body.append(box);
    void (box.firstElementChild as HTMLElement).offsetWidth; // a shaped line's width: the layout, and so the font lookups, now
    box.remove();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 0);
}
