/** `loci ask <index> "<question>"`: a streamed, cited answer, then its sources. */
import { stderrProgress } from '../progress.ts';
import type { AskOptions } from '../../core/engine/ask.ts';
import type { LociEngine } from '../../core/engine/engine.ts';
import type { Collection } from '../../core/engine/scope.ts';
import type { RetrievalResult, RetrievedChunk, Source } from '../../core/types.ts';
import type { Damage } from '../../core/stored-index/damage.ts';
import { openEngine } from '../engine-setup.ts';
import { parseCommon, UsageError, type CommonOptions } from '../options.ts';
import { printSources, questionCutNote } from '../print.ts';
import { resolveWithin, type Within } from '../collections.ts';

export const ASK_HELP = `loci ask <index.loci> "<question>" [options]
  Retrieves, then answers with numbered citations. Without --llm it lists the retrieved sources.
  --strategy naive|c-rag|p-rag|cap-rag|raptor  --retriever dense|lexical|hybrid  -n <chunks>  -m <candidates>
  --backtrack ranked|paper  --hops 1|2 (2: a second search with what the first found)
  --sub-questions           with --hops 2 and --llm: the model writes the second hop's sub-questions
  --rerank --reranker <id>  --rewrite none|multi-query|hyde  --llm <id>  --max-new-tokens <n>  --json
  --in <document or collection>  ask within this document (its file name or title) or this collection
                            (loci index --collection); repeat for several`;

export function askOptions(options: CommonOptions, signal?: AbortSignal): AskOptions {
  if (options.subQuestions && (options.hops !== 2 || !options.llm)) throw new UsageError('--sub-questions needs --hops 2 and --llm <model id>');
  return {
    strategy: options.strategy,
    n: options.n,
    m: options.m,
    retriever: options.retriever,
    backtrack: options.backtrack,
    hops: options.hops,
    rerank: options.rerank,
    subQuestions: options.subQuestions,
    rewrite: options.rewrite,
    maxTokens: options.maxNewTokens,
    signal,
    // a document's clusters made for the question: a 10-K's take seconds
    onProgress: stderrProgress(options.quiet),
  };
}

export function sourceJson(s: Pick<Source, 'docName' | 'chunk'> & Pick<Partial<RetrievedChunk>, 'via'>) {
  return { doc: s.docName, headingPath: s.chunk.headingPath, page: s.chunk.page ?? null, text: s.chunk.text, ...(s.via ? { via: s.via } : {}) };
}

/** `--json`'s word on damage found on open (absent when there is none): which documents, which parts. */
export function damageJson(damage: readonly Damage[]) {
  return damage.length > 0 ? { damaged: damage.map((d) => ({ doc: d.name, parts: d.parts })) } : {};
}

/** The retrieval details of `--json` output: the trace, the hybrid weight, the second hop, the named year and dates put first, and the breadth route (null when absent). */
export function retrievalJson(result: RetrievalResult) {
  return {
    trace: result.trace,
    fusion: result.fusion ?? null,
    secondHop: result.secondHop ?? null,
    namedDocuments: result.namedDocuments ?? null,
    year: result.year ?? null,
    dates: result.dates ?? null,
    breadth: result.breadth ?? null,
  };
}

/**
 * `--in`: the documents and collections named, resolved (an unknown name fails, listing what the
 * index holds); undefined when none is given, for the whole index.
 */
export function withinOf(engine: Pick<LociEngine, 'documents'>, collections: readonly Collection[], options: Pick<CommonOptions, 'within'>): Within | undefined {
  return options.within.length > 0 ? resolveWithin(options.within, engine.documents, collections) : undefined;
}

export async function askCommand(argv: string[]): Promise<number> {
  const { options, positionals } = parseCommon(argv);
  if (options.help) return console.log(ASK_HELP), 0;
  const [indexPath, question] = positionals;
  if (!indexPath || !question) throw new UsageError('usage: loci ask <index> "<question>"');
  if (options.rerank && !options.reranker) throw new UsageError('--rerank needs --reranker <model id>');
  const embedder = argv.includes('--embedder') ? options.embedder : undefined;
  const { engine, store } = await openEngine(indexPath, options, { embedder, generator: options.llm, reranker: options.reranker }, undefined, { mustExist: true, readOnly: true });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const within = withinOf(engine, store.collections, options);
  const opts = { ...askOptions(options, controller.signal), ...(within ? { within: within.docIds } : {}) };

  if (!options.llm) {
    const retrieval = await engine.retrieve(question, opts);
    if (retrieval.cut) process.stderr.write(questionCutNote(retrieval.cut));
    if (options.json) {
      console.log(JSON.stringify({ answer: null, sources: retrieval.chunks.map(sourceJson), ...retrievalJson(retrieval.result), ...damageJson(engine.damage) }));
    } else {
      console.log('(no --llm given: the retrieved sources, best first)\n');
      printSources(process.stdout, retrieval.chunks);
    }
    return 0;
  }

  let sources: Source[] = [];
  let retrieved: RetrievalResult = { chunks: [], trace: [] };
  for await (const event of engine.ask(question, opts)) {
    if (event.type === 'retrieved') {
      sources = event.sources;
      retrieved = event.retrieval.result;
      if (event.retrieval.cut) process.stderr.write(questionCutNote(event.retrieval.cut));
    } else if (event.type === 'token') {
      if (!options.json) process.stdout.write(event.text);
    } else {
      if (options.json) {
        console.log(
          JSON.stringify({
            answer: event.answer,
            cited: event.cited.map((s) => s.n),
            notFound: event.notFound,
            sources: sources.map(sourceJson),
            ...retrievalJson(retrieved),
            ...damageJson(engine.damage),
          }),
        );
      } else {
        process.stdout.write('\n\n');
        if (event.removed.length) console.log(`(removed citations to sources that were not given: ${event.removed.join(', ')})`);
        console.log('Sources:');
        printSources(process.stdout, sources);
      }
    }
  }
  return 0;
}

