import type { ChatMessage, Generator } from '../ports.ts';
import type { Lang } from '../types.ts';
import { validateCitations } from '../answer/citations.ts';
import { collectReply } from '../answer/reply.ts';
import { cleanLine, isPreamble, letterShare, sameKey } from './reply-lines.ts';
import { condenseMessages, hydeMessages, multiQueryMessages } from './rewrite-prompts.ts';
import { sharesContent } from './terms.ts';

/**
 * Query rewriting through the generator (multi-query, HyDE, follow-up condensation). A rewrite is
 * only ever an aid to retrieval, so every unusable reply falls back to the question as asked; an
 * untrained or confused model must never make retrieval worse than no rewriting at all.
 */

// Below this share of letters and digits a line is symbol soup, not a question.
const MIN_LETTER_SHARE = 0.6;

/** Longest plausible rewrite of a question: a few times the question, within fixed bounds. */
function lengthCap(question: string): number {
  return Math.min(500, Math.max(120, 3 * question.length));
}

function plausible(candidate: string, references: string[], cap: number): boolean {
  return (
    candidate.length >= 2 &&
    candidate.length <= cap &&
    letterShare(candidate) >= MIN_LETTER_SHARE &&
    sharesContent(candidate, references)
  );
}

// A numbered item that a model ran on after the previous sentence: "…Everest? 2. How high…".
const RUN_ON_ITEM = /([?？。!！.])[ \t]*(?=\d{1,2}[.)][ \t]|\d{1,2}、|（\d{1,2}）|\(\d{1,2}\)\s)/gu;

function splitItems(reply: string): string[] {
  return reply.replace(RUN_ON_ITEM, '$1\n').split(/\r\n|\r|\n/);
}

/**
 * The usable paraphrases in a reply, distinct from each other and from the question, at most
 * `count`. Each must share a content term with one of `references` (by default the question).
 */
export function parseParaphrases(reply: string, question: string, count: number, references: string[] = [question]): string[] {
  const cap = lengthCap(question);
  const seen = new Set([sameKey(question)]);
  const out: string[] = [];
  for (const line of splitItems(reply)) {
    if (out.length >= count) break;
    if (isPreamble(line.trim())) continue;
    const candidate = cleanLine(line);
    if (!plausible(candidate, references, cap)) continue;
    const key = sameKey(candidate);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(candidate);
  }
  return out;
}

export interface MultiQueryOptions {
  /** Paraphrases asked for; 3 by default. */
  count?: number;
  lang: Lang;
  signal?: AbortSignal;
}

/** The question, then up to `count` paraphrases of it, each to be searched and fused. */
export async function multiQuery(question: string, generator: Generator, options: MultiQueryOptions): Promise<string[]> {
  const original = question.trim();
  const count = Math.max(0, Math.floor(options.count ?? 3));
  if (count === 0 || original === '') return [original];
  const reply = await collectReply(
    generator,
    multiQueryMessages(original, count, options.lang),
    // Room for the paraphrases and some chatter around them, not for an essay.
    { maxTokens: 48 * count + 32, signal: options.signal },
    'query rewriting',
  );
  return [original, ...parseParaphrases(reply, original, count)];
}

export interface HydeOptions {
  lang: Lang;
  /** Length of the hypothetical passage; 200 tokens by default. */
  maxTokens?: number;
  signal?: AbortSignal;
}

// Far beyond any passage the token limit allows; only a runaway reply reaches it.
const MAX_PASSAGE_CHARS = 4000;

/**
 * A hypothetical passage answering the question (HyDE), to be embedded as a passage: an answer
 * looks more like the documents than the question does. Its facts may be wrong; only its wording
 * is used. Falls back to the question when the reply is empty or unrelated to it.
 */
export async function hyde(question: string, generator: Generator, options: HydeOptions): Promise<string> {
  const original = question.trim();
  if (original === '') return question;
  const reply = await collectReply(
    generator,
    hydeMessages(original, options.lang),
    { maxTokens: options.maxTokens ?? 200, signal: options.signal },
    'HyDE',
  );
  const passage = reply.replace(/\s+/g, ' ').trim();
  return plausible(passage, [original], MAX_PASSAGE_CHARS) ? passage : original;
}

export interface CondenseOptions {
  lang: Lang;
  signal?: AbortSignal;
}

// The last turns carry what a follow-up refers to; older ones only cost time on a small model.
const HISTORY_MESSAGES = 6;
const HISTORY_MESSAGE_CHARS = 400;

function conversationText(turns: ChatMessage[], lang: Lang): string {
  const names = lang === 'zh' ? { user: '用户', assistant: '助手' } : { user: 'User', assistant: 'Assistant' };
  return turns
    .map((m) => {
      // Citation numbers belong to an earlier answer's sources and mean nothing to a search.
      let text = validateCitations(m.content, new Set()).text.replace(/\s+/g, ' ').trim();
      if (text.length > HISTORY_MESSAGE_CHARS) text = `${text.slice(0, HISTORY_MESSAGE_CHARS)}…`;
      return `${m.role === 'user' ? names.user : names.assistant}${lang === 'zh' ? '：' : ': '}${text}`;
    })
    .join('\n');
}

/**
 * Rewrites a follow-up ("and who paid for it?") into a question that can be searched on its own,
 * using the conversation. Unchanged when there is no conversation or the reply is unusable.
 */
export async function condenseFollowUp(
  history: ChatMessage[],
  question: string,
  generator: Generator,
  options: CondenseOptions,
): Promise<string> {
  const original = question.trim();
  const turns = history.filter((m) => m.role !== 'system' && m.content.trim() !== '').slice(-HISTORY_MESSAGES);
  if (turns.length === 0 || original === '') return question;
  const conversation = conversationText(turns, options.lang);
  const reply = await collectReply(
    generator,
    condenseMessages(conversation, original, options.lang),
    { maxTokens: 96, signal: options.signal },
    'follow-up rewriting',
  );
  const cap = Math.max(200, 3 * original.length + 100);
  for (const line of reply.split(/\r\n|\r|\n/)) {
    if (line.trim() === '' || isPreamble(line.trim())) continue;
    const candidate = cleanLine(line);
    if (candidate === '') continue;
    // Only the first real line is the rewrite; anything after it is commentary.
    return plausible(candidate, [original, ...turns.map((m) => m.content)], cap) ? candidate : original;
  }
  return original;
}
