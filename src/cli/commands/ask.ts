/** `loci ask <index> "<question>"`: a streamed, cited answer, then its sources. */
import type { AskOptions } from '../../core/engine/ask.ts';
import type { Source } from '../../core/types.ts';
import { openEngine } from '../engine-setup.ts';
import { parseCommon, UsageError, type CommonOptions } from '../options.ts';
import { printSources } from '../print.ts';

export const ASK_HELP = `loci ask <index.loci> "<question>" [options]
  Retrieves, then answers with numbered citations. Without --llm it lists the retrieved sources.
  --strategy naive|c-rag|p-rag|cap-rag|raptor  --retriever dense|lexical|hybrid  -n <chunks>  -m <candidates>
  --backtrack ranked|paper
  --rerank --reranker <id>  --rewrite none|multi-query|hyde  --llm <id>  --max-new-tokens <n>  --json`;

export function askOptions(options: CommonOptions, signal?: AbortSignal): AskOptions {
  return {
    strategy: options.strategy,
    n: options.n,
    m: options.m,
    retriever: options.retriever,
    backtrack: options.backtrack,
    rerank: options.rerank,
    rewrite: options.rewrite,
    maxTokens: options.maxNewTokens,
    signal,
  };
}

export function sourceJson(s: Pick<Source, 'docName' | 'chunk'>) {
  return { doc: s.docName, headingPath: s.chunk.headingPath, page: s.chunk.page ?? null, text: s.chunk.text };
}

export async function askCommand(argv: string[]): Promise<number> {
  const { options, positionals } = parseCommon(argv);
  if (options.help) return console.log(ASK_HELP), 0;
  const [indexPath, question] = positionals;
  if (!indexPath || !question) throw new UsageError('usage: loci ask <index> "<question>"');
  if (options.rerank && !options.reranker) throw new UsageError('--rerank needs --reranker <model id>');
  const embedder = argv.includes('--embedder') ? options.embedder : undefined;
  const { engine } = await openEngine(indexPath, options, { embedder, generator: options.llm, reranker: options.reranker }, undefined, { mustExist: true });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const opts = askOptions(options, controller.signal);

  if (!options.llm) {
    const retrieval = await engine.retrieve(question, opts);
    if (options.json) {
      console.log(JSON.stringify({ answer: null, sources: retrieval.chunks.map(sourceJson), trace: retrieval.result.trace }));
    } else {
      console.log('(no --llm given: the retrieved sources, best first)\n');
      printSources(process.stdout, retrieval.chunks);
    }
    return 0;
  }

  let sources: Source[] = [];
  let trace: unknown[] = [];
  for await (const event of engine.ask(question, opts)) {
    if (event.type === 'retrieved') {
      sources = event.sources;
      trace = event.retrieval.result.trace;
    } else if (event.type === 'token') {
      if (!options.json) process.stdout.write(event.text);
    } else {
      if (options.json) {
        console.log(JSON.stringify({ answer: event.answer, cited: event.cited.map((s) => s.n), notFound: event.notFound, sources: sources.map(sourceJson), trace }));
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

