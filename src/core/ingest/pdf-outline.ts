import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The PDF's bookmarks (outline), flattened in order with their depth, each resolved to the page it
 * points at and, when the destination says so, the height on that page where the section starts.
 */

export interface OutlineHeading {
  title: string;
  /** 1 for top-level bookmarks, deeper ones count up. */
  level: number;
  /** 0-based page index. */
  pageIndex: number;
  /** Top of the destination in PDF user space (y grows upwards), when known. */
  top?: number;
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

export async function readOutline(doc: PDFDocumentProxy): Promise<OutlineHeading[]> {
  let roots: OutlineNode[] | null;
  try {
    roots = (await doc.getOutline()) as OutlineNode[] | null;
  } catch {
    return []; // a broken outline is no reason to refuse the text
  }
  const out: OutlineHeading[] = [];
  const visit = async (nodes: readonly OutlineNode[], level: number): Promise<void> => {
    for (const node of nodes) {
      const target = await resolveDest(doc, node.dest);
      if (target && node.title.trim() !== '') {
        const heading: OutlineHeading = { title: node.title, level, pageIndex: target.pageIndex };
        if (target.top !== undefined) heading.top = target.top;
        out.push(heading);
      }
      if (node.items.length > 0) await visit(node.items, level + 1);
    }
  };
  await visit(roots ?? [], 1);
  return out;
}

async function resolveDest(
  doc: PDFDocumentProxy,
  dest: OutlineNode['dest'],
): Promise<{ pageIndex: number; top?: number } | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return undefined;
    const [ref, mode] = explicit as [unknown, { name?: string } | undefined, ...unknown[]];
    let pageIndex: number;
    if (typeof ref === 'number') pageIndex = ref;
    else if (ref && typeof ref === 'object') pageIndex = await doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0]);
    else return undefined;
    if (pageIndex < 0 || pageIndex >= doc.numPages) return undefined;
    // [page, /XYZ, left, top, zoom] and [page, /FitH|/FitBH, top] carry a top; other modes do not.
    const topArg = mode?.name === 'XYZ' ? explicit[3] : mode?.name === 'FitH' || mode?.name === 'FitBH' ? explicit[2] : undefined;
    return typeof topArg === 'number' ? { pageIndex, top: topArg } : { pageIndex };
  } catch {
    return undefined;
  }
}
