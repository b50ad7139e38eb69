/**
 * Questions through Chats with the engine replaced by a double: a stored turn whichever way the
 * question ends (answered, failed, stopped), and a Stop that ends the question at once even while
 * the engine is stuck on a step that cannot be interrupted.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { AppSettings } from '../../src/protocol/api.ts';
import type { AskStreamEvent } from '../../src/protocol/ask.ts';
import type { AskEvent, AskOptions, LociEngine } from '../../src/core/engine/engine.ts';
import type { RetrievalResult, Source, TraceRow } from '../../src/core/types.ts';
import { appendMessages, createChat, getChat } from '../../src/browser-storage/chats.ts';
import { createCollection, listCollections, setInCollection } from '../../src/browser-storage/collections.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import { Chats } from '../../workers/engine/chats.ts';
import { documentRecord } from '../browser-storage/fixtures.ts';

const doc = documentRecord('dddd', 'rules.md', ['Refunds need a manager.', 'Returns take a week.']);
const source: Source = { n: 1, label: '[1] rules', chunk: doc.chunks[0], docName: 'rules.md', docTitle: 'rules' };
/** The citation of 'A manager [1].', as the engine checks it. */
const CITED = [{ start: 10, end: 13, numbers: [1] }];
const settings = { strategy: 'cap-rag', n: 5, retriever: 'hybrid', backtrack: 'ranked', hops: 1, rerank: false } as AppSettings;

/** LociEngine.chunk over the one document. */
function chunkOf(id: string) {
  const found = doc.chunks.find((chunk) => chunk.id === id);
  return found && { chunk: found, docName: doc.doc.name, docTitle: doc.doc.title };
}

/** An engine whose ask() runs `script`; only what Chats touches is there. */
function engineDouble(script: (signal: AbortSignal) => AsyncGenerator<AskEvent>): LociEngine {
  const engine = { chunk: chunkOf, ask: (_question: string, options: { signal: AbortSignal }) => script(options.signal) };
  return engine as unknown as LociEngine;
}

function retrieved(question: string, result: Partial<RetrievalResult> = {}): AskEvent {
  const retrieval = { question, lang: 'en', queries: [question], chunks: [], result: { chunks: [], trace: [], ...result } };
  return { type: 'retrieved', retrieval, sources: [source] } as unknown as AskEvent;
}

async function setUp(script: (signal: AbortSignal) => AsyncGenerator<AskEvent>): Promise<{ db: LociDb; chats: Chats }> {
  const db = await openLociDb({ factory: new IDBFactory() });
  const engine = engineDouble(script);
  return { db, chats: new Chats({ db, collections: async () => [], engine: () => engine, settings: () => settings, canRerank: () => false }) };
}

async function ask(chats: Chats, question: string): Promise<AskStreamEvent[]> {
  const events: AskStreamEvent[] = [];
  await chats.ask(question, { chatId: 'c1' }, (event) => events.push(event));
  return events;
}

describe('Chats', () => {
  it('stores an answered turn, question and answer together, and gives it back with its sources', async () => {
    const { db, chats } = await setUp(async function* () {
      yield retrieved('Who approves refunds?');
      yield { type: 'token', text: 'A manager [1].', answer: 'A manager [1].' };
      yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
    });
    const events = await ask(chats, 'Who approves refunds?');
    expect(events.map((e) => e.type)).toEqual(['sources', 'token', 'done']);
    const [turn] = await chats.history('c1');
    expect(turn).toMatchObject({ question: 'Who approves refunds?', answer: 'A manager [1].', cited: [1] });
    expect(turn.error).toBeUndefined();
    expect(turn.sources).toEqual([source]);
  });

  it('searches by words while the embedding model still loads, says so, and keeps that with the turn', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const asked: string[] = [];
    const engine = {
      chunk: chunkOf,
      ask: async function* (question: string, options: { retriever: string }): AsyncGenerator<AskEvent> {
        asked.push(options.retriever);
        yield retrieved(question);
        yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
      },
    } as unknown as LociEngine;
    let ready = false;
    const chats = new Chats({ db, collections: async () => [], engine: () => engine, settings: () => settings, canRerank: () => false, meaningReady: () => ready });
    const before = await ask(chats, 'Who approves refunds?');
    ready = true;
    const after = await ask(chats, 'Who approves returns?');
    expect(asked).toEqual(['lexical', 'hybrid']);
    expect(before[0]).toMatchObject({ type: 'sources', retriever: 'lexical', modelLoading: true });
    expect(after[0]).not.toHaveProperty('modelLoading');
    const turns = await chats.history('c1');
    expect(turns.map((t) => [t.retriever, t.modelLoading])).toEqual([['lexical', true], ['hybrid', undefined]]);
  });

  it("says what the search waits for, a document's topics made for it, once a percent", async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const engine = {
      chunk: chunkOf,
      ask: async function* (question: string, options: AskOptions): AsyncGenerator<AskEvent> {
        // the layout's many steps, and a stage the person does not wait for here
        for (let done = 0; done <= 400; done++) options.onProgress?.({ stage: 'cluster', done, total: 400, item: 'rules.md' });
        options.onProgress?.({ stage: 'embed', done: 1, total: 2, item: 'rules.md' });
        yield retrieved(question);
        yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
      },
    } as unknown as LociEngine;
    const chats = new Chats({ db, collections: async () => [], engine: () => engine, settings: () => settings, canRerank: () => false });
    const events = await ask(chats, 'Who approves refunds?');
    const preparing = events.filter((e) => e.type === 'preparing');
    expect(preparing).toHaveLength(101);
    expect(preparing[0]).toEqual({ type: 'preparing', document: 'rules.md', done: 0, total: 400 });
    expect(preparing.at(-1)).toEqual({ type: 'preparing', document: 'rules.md', done: 400, total: 400 });
    expect(events.slice(101).map((e) => e.type)).toEqual(['sources', 'done']);
  });

  it('says a question was cut to the embedder\'s window, not that it was rewritten, and keeps that with the turn', async () => {
    const long = `Who approves refunds? ${'and more '.repeat(50)}`;
    const cut = { chars: long.length, keptChars: 40, maxTokens: 8 };
    const { chats } = await setUp(async function* () {
      const event = retrieved(long.slice(0, 40)) as AskEvent & { retrieval: { cut?: typeof cut } };
      event.retrieval.cut = cut;
      yield event;
      yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
    });
    const events = await ask(chats, long);
    expect(events.map((e) => e.type)).toEqual(['sources', 'done']);
    expect(events[0]).toMatchObject({ type: 'sources', questionCut: cut });
    const [turn] = await chats.history('c1');
    expect(turn.questionCut).toEqual(cut);
  });

  it('keeps the question, the partial answer and the error of a turn that failed', async () => {
    const { db, chats } = await setUp(async function* () {
      yield retrieved('Who approves refunds?');
      yield { type: 'token', text: '<think>hm</think>A mana', answer: 'A mana' };
      throw new Error('the language model crashed');
    });
    const events = await ask(chats, 'Who approves refunds?');
    expect(events.at(-1)).toEqual({ type: 'error', message: 'the language model crashed' });
    const stored = (await getChat(db, 'c1'))!.messages;
    expect(stored.map((m) => [m.role, m.content, m.error])).toEqual([
      ['user', 'Who approves refunds?', undefined],
      ['assistant', 'A mana', 'the language model crashed'],
    ]);
    const [turn] = await chats.history('c1');
    expect(turn).toMatchObject({ question: 'Who approves refunds?', answer: 'A mana', error: 'the language model crashed' });
    expect(turn.sources).toEqual([source]);
  });

  it("keeps a new chat's first question whose search failed before anything was found", async () => {
    // the chat's record is written while the question is searched: a search that fails first
    // still finds it written, and the question is kept in it with its error
    const { db, chats } = await setUp(async function* () {
      await Promise.resolve();
      throw new Error('the search failed');
    });
    const events = await ask(chats, 'Who approves refunds?');
    expect(events).toEqual([{ type: 'error', message: 'the search failed' }]);
    const stored = await getChat(db, 'c1');
    expect(stored?.title).toBe('Who approves refunds?');
    expect(stored?.messages.map((m) => [m.role, m.content, m.error])).toEqual([
      ['user', 'Who approves refunds?', undefined],
      ['assistant', '', 'the search failed'],
    ]);
  });

  it('stops at once while the engine waits on a step that cannot be interrupted, keeping the question', async () => {
    const stuck = new Promise<never>(() => {});
    let sawAbort = false;
    const { db, chats } = await setUp(async function* (signal) {
      signal.addEventListener('abort', () => (sawAbort = true));
      // A chat model still loading while the prompt's tokens are counted: no signal reaches it.
      await stuck;
      yield retrieved('never');
    });
    const asking = ask(chats, 'Who approves refunds?');
    await new Promise((resolve) => setTimeout(resolve, 20));
    chats.stop();
    const events = await asking;
    expect(sawAbort).toBe(true);
    expect(events).toEqual([{ type: 'done', answer: '', cited: [], citations: [], notFound: false, aborted: true }]);
    expect((await getChat(db, 'c1'))!.messages.map((m) => [m.role, m.content, m.error])).toEqual([
      ['user', 'Who approves refunds?', undefined],
      ['assistant', '', undefined],
    ]);
  });

  it('leaves a failed turn out of the conversation the next question builds on', async () => {
    const histories: unknown[] = [];
    let calls = 0;
    const db = await openLociDb({ factory: new IDBFactory() });
    const engine = {
      chunk: chunkOf,
      async *ask(_question: string, options: { history?: unknown }): AsyncGenerator<AskEvent> {
        histories.push(options.history);
        if (++calls === 1) throw new Error('offline');
        yield { type: 'done', answer: 'ok', cited: [], removed: [], citations: [], notFound: false, aborted: false };
      },
    } as unknown as LociEngine;
    const chats = new Chats({ db, collections: async () => [], engine: () => engine, settings: () => settings, canRerank: () => false });
    await ask(chats, 'first');
    await ask(chats, 'second');
    await ask(chats, 'third');
    expect(histories).toEqual([undefined, undefined, [
      { role: 'user', content: 'second' },
      { role: 'assistant', content: 'ok' },
    ]]);
    expect((await chats.history('c1')).map((t) => [t.question, t.error])).toEqual([['first', 'offline'], ['second', undefined], ['third', undefined]]);
  });

  it('asks with the search settings and keeps the hybrid weight and the second hop with the turn', async () => {
    const fusion = { dense: 0.35, source: 'calibrated' as const, calibration: { queries: 48, mrrDense: 0.4, mrrLexical: 0.55, mrrFused: 0.6 } };
    const secondHop = { query: 'Who approves refunds? manager', terms: ['manager'], added: [doc.chunks[1].id] };
    const row: TraceRow = { rank: 1, score: 1, entryId: 'e', kind: 'chunk', level: 'whole', fromCluster: false, text: 't', added: [doc.chunks[1].id], backtracksTo: [doc.chunks[1].id], hop: 2 };
    const asked: unknown[] = [];
    const db = await openLociDb({ factory: new IDBFactory() });
    const engine = {
      chunk: chunkOf,
      async *ask(_question: string, options: unknown): AsyncGenerator<AskEvent> {
        asked.push(options);
        yield retrieved('Who approves refunds?', { trace: [row], fusion, secondHop });
        yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
      },
    } as unknown as LociEngine;
    const mine = { ...settings, retriever: 'hybrid', backtrack: 'paper', hops: 2 } as AppSettings;
    const chats = new Chats({ db, collections: async () => [], engine: () => engine, settings: () => mine, canRerank: () => false });
    const events = await ask(chats, 'Who approves refunds?');
    expect(asked[0]).toMatchObject({ strategy: 'cap-rag', n: 5, retriever: 'hybrid', backtrack: 'paper', hops: 2, rerank: false });
    expect(events[0]).toMatchObject({ type: 'sources', trace: [row], strategy: 'cap-rag', retriever: 'hybrid', fusion, secondHop });

    // A request's own search mode wins, and is what the turn records.
    await chats.ask('Who approves refunds?', { chatId: 'c2', retriever: 'lexical', hops: 1 }, () => {});
    expect(asked[1]).toMatchObject({ retriever: 'lexical', hops: 1 });

    // After a reload, the history gives the turn back with what the inspector shows.
    const [turn] = await chats.history('c1');
    expect(turn).toMatchObject({ retriever: 'hybrid', fusion, secondHop, trace: [row] });
    expect((await chats.history('c2'))[0].retriever).toBe('lexical');
  });

  it('stores no weight or second hop for a search without them, and reads turns stored before they were kept', async () => {
    const { db, chats } = await setUp(async function* () {
      yield retrieved('Who approves refunds?');
      yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
    });
    await ask(chats, 'Who approves refunds?');
    const [turn] = await chats.history('c1');
    expect(turn.retriever).toBe('hybrid');
    expect(Object.keys(turn)).not.toContain('fusion');
    expect(Object.keys(turn)).not.toContain('secondHop');

    await createChat(db, 'old', 1, 'old');
    await appendMessages(db, 'old', [
      { role: 'user', content: 'q', sources: [], created: 1 },
      { role: 'assistant', content: 'a', sources: [], strategy: 'naive', created: 2, trace: [] },
    ]);
    const [old] = await chats.history('old');
    expect(old).toMatchObject({ question: 'q', answer: 'a', strategy: 'naive' });
    expect(old.retriever).toBeUndefined();
  });

  it('lists the stored chats, latest first, and an imported library lists its chats in a fresh store', async () => {
    const answer = async function* (): AsyncGenerator<AskEvent> {
      yield retrieved('Who approves refunds?');
      yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
    };
    const { db, chats } = await setUp(answer);
    await createChat(db, 'older chat', 1, 'old');
    await ask(chats, 'Who approves refunds?');
    const listed = await chats.list();
    expect(listed.map((c) => [c.id, c.title])).toEqual([
      ['c1', 'Who approves refunds?'],
      ['old', 'older chat'],
    ]);

    const fresh = await openLociDb({ factory: new IDBFactory() });
    await importLibrary(fresh, await exportLibrary(db), { mode: 'merge' });
    const restored = new Chats({ db: fresh, collections: async () => [], engine: () => undefined, settings: () => settings, canRerank: () => false });
    expect(await restored.list()).toEqual(listed);
  });

  it('forgets the last turn to ask it again, and nothing when the chat ends without an answer', async () => {
    const { db, chats } = await setUp(async function* () {
      yield retrieved('Who approves refunds?');
      yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
    });
    await ask(chats, 'Who approves refunds?');
    await ask(chats, 'And returns?');
    expect(await chats.removeLastTurn('c1')).toBe(true);
    expect((await chats.history('c1')).map((t) => t.question)).toEqual(['Who approves refunds?']);
    expect(await chats.removeLastTurn('none')).toBe(false);
    await createChat(db, 'q only', 1, 'q');
    await appendMessages(db, 'q', [{ role: 'user', content: 'q', sources: [] }]);
    expect(await chats.removeLastTurn('q')).toBe(false);
    expect((await getChat(db, 'q'))?.messages).toHaveLength(1);
  });

  it('renames a chat with a trimmed title and refuses a blank one', async () => {
    const { db, chats } = await setUp(async function* () {
      yield retrieved('Who approves refunds?');
      yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
    });
    await ask(chats, 'Who approves refunds?');
    await chats.rename('c1', '  Refund rules  ');
    expect((await chats.list()).map((c) => c.title)).toEqual(['Refund rules']);
    await expect(chats.rename('c1', '   ')).rejects.toThrow(/needs a title/);
    expect((await getChat(db, 'c1'))!.title).toBe('Refund rules');
  });

  it('searches only its scope, keeps the scope with the chat, and carries both through an export and an import', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const withins: Array<readonly string[] | undefined> = [];
    const engine = {
      chunk: chunkOf,
      documents: ['a', 'b', 'c'].map((id) => ({ doc: { id } })),
      document: (id: string) => ({ doc: { id, name: `${id}.md` } }),
      ask: async function* (question: string, options: { within?: readonly string[] }): AsyncGenerator<AskEvent> {
        withins.push(options.within);
        yield retrieved(question);
        yield { type: 'done', answer: 'A manager [1].', cited: [source], removed: [], citations: CITED, notFound: false, aborted: false };
      },
    } as unknown as LociEngine;
    const chats = new Chats({ db, collections: () => listCollections(db), engine: () => engine, settings: () => settings, canRerank: () => false });
    const shelf = await createCollection(db, 'Shelf', ['c', 'a']);
    const events: AskStreamEvent[] = [];
    const scope = { documents: ['b'], collections: [shelf.id] };
    await chats.ask('Who approves refunds?', { chatId: 'c1', scope }, (e) => events.push(e));
    // a follow-up names no scope: the chat's own is searched, in library order
    await chats.ask('And returns?', { chatId: 'c1' }, (e) => events.push(e));
    expect(withins).toEqual([['a', 'b', 'c'], ['a', 'b', 'c']]);
    expect((await chats.list())[0].scope).toEqual(scope);
    // each turn says what it was asked within, for the inspector
    expect((await chats.history('c1')).map((turn) => turn.within)).toEqual([['a.md', 'b.md', 'c.md'], ['a.md', 'b.md', 'c.md']]);

    // the collection emptied and the document gone: nothing is searched, and the turn says why
    await setInCollection(db, shelf.id, ['a', 'c'], false);
    (engine as unknown as { documents: unknown[] }).documents = [{ doc: { id: 'a' } }];
    const failed: AskStreamEvent[] = [];
    await chats.ask('Anything?', { chatId: 'c1' }, (e) => failed.push(e));
    expect(withins).toHaveLength(2);
    expect(failed).toEqual([{ type: 'error', message: expect.stringMatching(/no longer in the library/) }]);

    // another scope chosen for the chat is kept with it
    await chats.setScope('c1', { documents: ['a'], collections: [] });
    await chats.ask('Now?', { chatId: 'c1' }, () => undefined);
    expect(withins.at(-1)).toEqual(['a']);

    const fresh = await openLociDb({ factory: new IDBFactory() });
    await importLibrary(fresh, await exportLibrary(db), { mode: 'merge' });
    expect((await getChat(fresh, 'c1'))?.scope).toEqual({ documents: ['a'], collections: [] });
    expect(await listCollections(fresh)).toEqual([{ ...shelf, docIds: [] }]);
  });
});
