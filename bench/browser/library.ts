/**
 * The large library the browser benchmark loads: documents of real English paragraphs (MS MARCO and
 * HotpotQA passages from ../shared/data, drawn with a seeded random so every run builds the same
 * files), indexed by `loci index` with the app's settings and its tiny local embedder, so the
 * records that reach IndexedDB are the ones indexing a person's files would have written. Built
 * once per shape (and analyzer and file format) and kept in bench-results/browser-library/, because
 * indexing them takes minutes.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from '../../src/core/util/random.ts';
import { ANALYZER_VERSION } from '../../src/core/text/search-terms.ts';
import { FORMAT_VERSION } from '../../src/core/stored-index/manifest.ts';

export interface LibraryShape {
  documents: number;
  /** Paragraphs per document; the app's 100-token chunks make about one chunk of each. */
  paragraphs: number;
}

export interface BuiltLibrary {
  /** The index file `loci index` wrote. */
  file: string;
  /** Questions some chunk of the library answers: the opening words of paragraphs spread over the corpora. */
  questions: string[];
  buildSeconds: number;
  /** false when an earlier run's file was reused. */
  built: boolean;
}

const CORPORA = ['msmarco', 'hotpotqa'];
const QUESTIONS = 20;

export async function buildLibrary(dataDir: string, shape: LibraryShape, log: (line: string) => void): Promise<BuiltLibrary> {
  // Kept per analyzer and file format as well: a file whose counted words another analyzer made
  // is read as a person's old library is (every entry segmented again: half of the 100k-entry
  // library's open, docs/decisions/2026-12-02-site-library-visit.md), not as `loci index` writes
  // one today.
  const dir = path.resolve('bench-results/browser-library', `${shape.documents}x${shape.paragraphs}-a${ANALYZER_VERSION}-f${FORMAT_VERSION}`);
  const file = path.join(dir, 'library.loci');
  // written last, so a build that was stopped halfway is built again rather than measured
  const done = path.join(dir, 'built');
  const paragraphs = await readParagraphs(dataDir);
  const questions = questionsFrom(paragraphs, QUESTIONS);
  if (existsSync(done)) return { file, questions, buildSeconds: 0, built: false };

  const docsDir = path.join(dir, 'docs');
  await rm(dir, { recursive: true, force: true });
  await mkdir(docsDir, { recursive: true });
  const random = seededRandom(2026);
  for (let d = 0; d < shape.documents; d++) {
    const picked = Array.from({ length: shape.paragraphs }, () => paragraphs[Math.floor(random() * paragraphs.length)]);
    const body = picked.map((p) => `${p.title ? `## ${p.title}\n\n` : ''}${p.text}`).join('\n\n');
    await writeFile(path.join(docsDir, `doc-${String(d).padStart(5, '0')}.md`), `# Collection ${d + 1}\n\n${body}\n`);
  }
  log(`library: ${shape.documents} documents of ${shape.paragraphs} paragraphs written; indexing with loci index (once)…`);
  const t0 = performance.now();
  // The app's defaults (chunkTokens 100, extractive pre-parse) and the embedder `?models=local` runs.
  await run(process.execPath, ['bin/loci.js', 'index', docsDir, '--out', file, '--chunk-tokens', '100', '--preparse', 'extractive', '--embedder', 'tiny-lexical-bert-zh']);
  const buildSeconds = (performance.now() - t0) / 1000;
  await writeFile(done, `${buildSeconds.toFixed(1)} s\n`);
  return { file, questions, buildSeconds, built: true };
}

interface Paragraph {
  title: string;
  text: string;
}

async function readParagraphs(dataDir: string): Promise<Paragraph[]> {
  const out: Paragraph[] = [];
  for (const name of CORPORA) {
    const lines = (await readFile(path.join(dataDir, name, 'corpus.jsonl'), 'utf8')).split('\n').filter((l) => l.trim() !== '');
    for (const line of lines) {
      const row = JSON.parse(line) as { title?: string; text: string };
      out.push({ title: row.title ?? '', text: row.text });
    }
  }
  return out;
}

/** Opening words of paragraphs spread evenly over the corpora, asked as questions. */
function questionsFrom(paragraphs: readonly Paragraph[], count: number): string[] {
  const step = Math.floor(paragraphs.length / count);
  return Array.from({ length: count }, (_, i) => `What is said about ${paragraphs[i * step].text.split(/\s+/).slice(0, 8).join(' ')}?`);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
