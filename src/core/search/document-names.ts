/**
 * Which documents a question names. A person with a library asks "what were 3M's capital
 * expenditures in 2018?" of a folder of filings named `3M_2018_10K.pdf`, `BOEING_2018_10K.pdf`…;
 * the name is in the question, but not in the pages that answer it (a cash-flow statement never
 * says "3M"). Chunks are searched without their document's name, so on FinanceBench dev (29
 * filings pooled) fewer than half of BM25's ten best chunks came from the filing the question was
 * about, and searching that filing alone would have nearly doubled both lists' recall. Putting the
 * name into every chunk's text did little (it is one term against the question's twenty;
 * docs/decisions/2026-11-25-named-documents.md).
 *
 * A document's label is its file name's words and its title. A label term names something only
 * when few labels share it: a term in more than half of them ("10k" in a folder of 10-Ks, the
 * "report" of every report) names nothing, nor does a bare number ("2018" is a year, not a
 * document). File names run words together ("CVSHEALTH", "FootLocker"), so two or three adjacent
 * words of the question are also tried joined. A document is named when its label shares terms
 * with the question that weigh at least half as much (summed inverse label frequency) as the
 * best-named document's: "3M and Boeing" names both, "3M" alone does not name every "Company".
 * When that is more than half of the library, the question names no document in particular.
 * When every named document already carries the words it is named by under its headings in each
 * of its chunks (`carriedTerms`: a Markdown page under its title), BM25 and the embedding see the
 * name already and nothing is searched apart. When only some do, all are: a PepsiCo 8-K whose
 * chunks sit under "PEPSICO" must not lose to a PepsiCo earnings release the question names as
 * much. Heading paths are read only for the documents a question shares a term with: a large
 * library's are several times dearer to read than its labels.
 */
import { contentTerms } from '../query/terms.ts';
import { words } from '../text/words.ts';

/** What a document is called: its file name and its title, and the heading paths of its chunks. */
export interface DocumentLabel {
  id: string;
  name: string;
  title: string;
  headingPaths: Iterable<readonly string[]>;
}

/** Adjacent words of a question tried joined, as a file name runs them together. */
const JOINED_WORDS = 3;
/** A word that is a file's name: with an extension Loci reads, or words joined by underscores. */
const FILE_NAME = /\.(?:md|markdown|txt|pdf|docx|epub|html?|png|jpe?g|webp)$|_/iu;
const LETTER = /\p{L}/u;

interface Labelled {
  terms: Set<string>;
  headingPaths: Iterable<readonly string[]>;
  /** Made the first time a question shares a term with the label (most documents never are). */
  carried?: Set<string>;
}

export class DocumentNames {
  private readonly docs = new Map<string, Labelled>();
  /** Inverse label frequency of every term that can name a document. */
  private readonly weight = new Map<string, number>();

  constructor(labels: Iterable<DocumentLabel>) {
    const frequency = new Map<string, number>();
    for (const label of labels) {
      const terms = labelTerms(label);
      this.docs.set(label.id, { terms, headingPaths: label.headingPaths });
      for (const t of terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
    }
    const n = this.docs.size;
    for (const [term, count] of frequency) if (count <= n / 2) this.weight.set(term, Math.log(n / count));
  }

  /**
   * The ids of the documents the text names, best named first; empty when it names none in
   * particular, or (unless `carriedToo`) when the named ones already say the name in every chunk.
   */
  named(text: string, carriedToo = false): string[] {
    if (this.weight.size === 0) return [];
    const asked = [...questionTerms(text)].filter((t) => this.weight.has(t));
    if (asked.length === 0) return [];
    const scores: { id: string; score: number; carried: boolean }[] = [];
    for (const [id, doc] of this.docs) {
      let score = 0;
      let carried = true;
      for (const t of asked) {
        if (!doc.terms.has(t)) continue;
        score += this.weight.get(t) as number;
        doc.carried ??= carriedTerms(doc.headingPaths);
        if (!doc.carried.has(t)) carried = false;
      }
      if (score > 0) scores.push({ id, score, carried });
    }
    if (scores.length === 0) return [];
    const best = Math.max(...scores.map((s) => s.score));
    const named = scores.filter((s) => s.score >= best / 2).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    // every named document already says its name in each chunk: searching them apart adds nothing
    if (named.length > this.docs.size / 2 || (!carriedToo && named.every((s) => s.carried))) return [];
    return named.map((s) => s.id);
  }
}

/**
 * The terms every chunk of a document already carries in its heading path: a Markdown page under
 * its title, a HotpotQA paragraph under its article's name. BM25 and the embedding see those in
 * each chunk's text, so a question naming them finds the chunks on its own, and searching such
 * documents apart only doubled their weight (HotpotQA lost recall: bridge entities the question
 * does not name pushed out by documents whose title shares a word with it;
 * docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
export function carriedTerms(headingPaths: Iterable<readonly string[]>): Set<string> {
  let carried: Set<string> | undefined;
  const seen = new Set<string>();
  for (const path of headingPaths) {
    const key = path.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    const terms = nameTerms(path.join(' '));
    carried = carried === undefined ? terms : new Set([...carried].filter((t) => terms.has(t)));
    if (carried.size === 0) break;
  }
  return carried ?? new Set();
}

/** The terms of a document's file name (its extension dropped) and title that can name it. */
export function labelTerms(label: Pick<DocumentLabel, 'name' | 'title'>): Set<string> {
  return nameTerms(`${label.name.replace(/\.[^./]*$/u, '')} ${label.title}`);
}

/**
 * The terms of a name: separators ("_", "-", ".") read as spaces, and a word in camel case both
 * whole and in its parts ("FootLocker" as footlocker, foot and locker). Bare numbers are left out.
 */
function nameTerms(text: string): Set<string> {
  const spaced = text.replace(/[_\-.]+/gu, ' ');
  const terms = new Set<string>();
  for (const t of contentTerms(`${spaced} ${spaced.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')}`)) if (LETTER.test(t)) terms.add(t);
  return terms;
}

/** A question's content terms, and its runs of two or three adjacent words joined. */
export function questionTerms(text: string): Set<string> {
  const terms = contentTerms(text);
  const plain = words(text).map((w) => w.replace(/['’]s$/u, ''));
  // a file named with its extension or its underscores ("gamma.md", "3M_2018_10K") names by its parts
  for (const w of plain) if (FILE_NAME.test(w)) for (const t of contentTerms(w.split(/[._]+/u).join(' '))) terms.add(t);
  for (let i = 0; i < plain.length; i++) {
    let joined = plain[i];
    for (let j = i + 1; j < Math.min(plain.length, i + JOINED_WORDS); j++) {
      joined += plain[j];
      for (const t of contentTerms(joined)) terms.add(t);
    }
  }
  return terms;
}
