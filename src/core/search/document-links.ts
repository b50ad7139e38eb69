/**
 * Which documents a passage names by their whole title: the links a reader follows. "Where was the
 * director of Kiss and Tell born?" finds the film's article, which says "directed by Richard
 * Wallace"; the article titled "Richard Wallace" answers, and shares no word with the question.
 * A library of articles, laws or handbook chapters names its own documents this way ("under the
 * Cybersecurity Law…"), so the second hop follows those names (engine/ask.ts).
 *
 * A title is matched as its words in a row, whole words, so "Wallace" alone does not name
 * "Richard Wallace". A trailing parenthesis is dropped, as a text says "Waste Land", not "Waste
 * Land (film)". A file name without a title (`annual_report_2018.pdf`) is matched without its extension, its
 * underscores read as spaces.
 */
import { words } from '../text/words.ts';

/** A document as a link can name it. */
export interface TitledDocument {
  id: string;
  /** Its title, or its file name when it has none. */
  title: string;
}

/** A document a text names, and the words it was named by. */
export interface LinkedDocument {
  id: string;
  words: readonly string[];
}

const TRAILING_PARENTHESIS = /\s*[(（][^()（）]*[)）]\s*$/u;
const EXTENSION = /\.[a-z0-9]{1,5}$/iu;

export class DocumentLinks {
  /** Titles by their first word: a text is scanned once, each word looked up. */
  private readonly byFirstWord = new Map<string, LinkedDocument[]>();

  constructor(documents: Iterable<TitledDocument>) {
    for (const doc of documents) {
      const titleWords = words(doc.title.replace(EXTENSION, '').replace(TRAILING_PARENTHESIS, '').replaceAll('_', ' '));
      if (titleWords.length === 0) continue;
      const list = this.byFirstWord.get(titleWords[0]);
      const linked = { id: doc.id, words: titleWords };
      if (list) list.push(linked);
      else this.byFirstWord.set(titleWords[0], [linked]);
    }
  }

  /** The documents whose whole title the text says, in the order it first says them, each once. */
  namedIn(text: string): LinkedDocument[] {
    const said = words(text);
    const found = new Map<string, LinkedDocument>();
    for (let i = 0; i < said.length; i++) {
      for (const doc of this.byFirstWord.get(said[i]) ?? []) {
        if (found.has(doc.id) || i + doc.words.length > said.length) continue;
        if (doc.words.every((w, j) => said[i + j] === w)) found.set(doc.id, doc);
      }
    }
    return [...found.values()];
  }
}
