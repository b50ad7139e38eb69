/** `loci inspect <index> "<question>"`: the retrieval trace, like the paper's Table 7. */
import { defaultCandidates } from '../../core/engine/defaults.ts';
import { openEngine } from '../engine-setup.ts';
import { parseCommon, UsageError } from '../options.ts';
import { fusionLine, printSources, printTrace, questionCutNote, secondHopLines } from '../print.ts';
import { askOptions, retrievalJson, sourceJson, withinOf } from './ask.ts';
import type { Within } from '../collections.ts';

export const INSPECT_HELP = `loci inspect <index.loci> "<question>" [options]
  Shows every candidate walked by backtracking retrieval: rank, score, entry kind, whole/point,
  whether it came from a cluster, its text, and the original chunks it backtracked to; for hybrid
  search the weight of the dense and lexical lists, and with --hops 2 the second hop's terms and chunks.
  A question about a whole document ("What is this report about?") shows the breadth route instead:
  each topic's passages of the document(s) --in names or the question names.
  --strategy …  --retriever dense|lexical|hybrid  --backtrack ranked|paper  --hops 1|2 [--sub-questions --llm <id>]  -n <chunks>  -m <candidates>  --json
  --in <document or collection>  inspect within this document (file name or title) or this collection
                   (loci index --collection); repeat for several`;

export async function inspectCommand(argv: string[]): Promise<number> {
  const { options, positionals } = parseCommon(argv);
  if (options.help) return console.log(INSPECT_HELP), 0;
  const [indexPath, question] = positionals;
  if (!indexPath || !question) throw new UsageError('usage: loci inspect <index> "<question>"');
  const embedder = argv.includes('--embedder') ? options.embedder : undefined;
  const { engine, store } = await openEngine(indexPath, options, { embedder, generator: options.llm, reranker: options.reranker }, undefined, { mustExist: true, readOnly: true });
  const within = withinOf(engine, store.collections, options);
  const retrieval = await engine.retrieve(question, { ...askOptions(options), ...(within ? { within: within.docIds } : {}) });
  if (retrieval.cut) process.stderr.write(questionCutNote(retrieval.cut));
  if (options.json) {
    const scope = within ? { within: { documents: within.documents, collections: within.collections } } : {};
    console.log(JSON.stringify({ question: retrieval.question, queries: retrieval.queries, ...scope, sources: retrieval.chunks.map(sourceJson), ...retrievalJson(retrieval.result) }));
    return 0;
  }
  const label = (id: string) => {
    const found = engine.chunk(id);
    return found ? `#${found.chunk.ordinal} ${found.docName}` : id;
  };
  const { result } = retrieval;
  console.log(`strategy ${options.strategy}, retriever ${options.retriever}, backtrack ${options.backtrack}, hops ${options.hops}, N=${options.n}, M=${options.m ?? defaultCandidates(options.n)}`);
  if (within) console.log(withinLine(within));
  if (result.breadth) console.log(`route: breadth — a question about the whole of ${result.breadth.documents.join(', ')}, answered from each of its topics in turn, not by search`);
  if (result.fusion) console.log(fusionLine(result.fusion));
  if (result.namedDocuments) console.log(`named in the question, also searched on their own: ${result.namedDocuments.join(', ')}`);
  if (result.year) console.log(`names ${result.year.years.join(', ')}: candidates that state it put first after the best (${result.year.moved} moved up)`);
  if (result.dates) console.log(`asks when: candidates that state a date put first after the best (${result.dates.moved} moved up)`);
  if (result.secondHop) console.log(secondHopLines(result.secondHop, label).join('\n'));
  console.log('');
  printTrace(process.stdout, result.trace, label);
  console.log(`\n${retrieval.chunks.length} original chunks, best first:`);
  printSources(process.stdout, retrieval.chunks, { ordinals: true });
  return 0;
}

/** "within: a.md, collection laws (b.md, c.md)": what was searched, each collection with its documents. */
export function withinLine(within: Within): string {
  const collections = within.collections.map((c) => `collection ${c.name} (${c.documents.length > 0 ? c.documents.join(', ') : 'none of its documents is in the index'})`);
  return `within: ${[...within.documents, ...collections].join(', ')}`;
}
