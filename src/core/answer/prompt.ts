import type { ChatMessage, Generator } from '../ports.ts';
import type { Lang, Source } from '../types.ts';
import { NOT_FOUND_EN, NOT_FOUND_ZH } from './not-found.ts';
import { SOURCE_SEPARATOR, sourceBlock } from './source-text.ts';

export { NOT_FOUND_EN, NOT_FOUND_ZH } from './not-found.ts';

export interface AnswerPromptOptions {
  lang: Lang;
  /** Earlier turns of the conversation, oldest first; system messages in it are ignored. */
  history?: ChatMessage[];
}

const SYSTEM_EN = [
  'You answer questions using only the numbered sources given with the question.',
  'Rules:',
  '1. Use only facts stated in the sources. Do not use outside knowledge and do not guess.',
  '2. After each sentence that uses a source, cite it by its number in square brackets, like [1] or [2][3]. Cite only numbers of the given sources.',
  `3. If the sources do not contain the answer, reply with exactly this sentence and nothing else: ${NOT_FOUND_EN}`,
  '4. Answer concisely, in the language of the question.',
].join('\n');

const SYSTEM_ZH = [
  '你只根据随问题提供的编号资料回答问题。',
  '规则：',
  '1. 只使用资料中写明的事实，不要使用资料以外的知识，也不要猜测。',
  '2. 每句用到资料的话后面用方括号标注资料编号，例如 [1] 或 [2][3]。只能引用所给资料的编号。',
  `3. 如果资料中没有答案，只回复这一句话，不要添加其他内容：${NOT_FOUND_ZH}`,
  '4. 用中文简洁地回答。',
].join('\n');

function userMessage(question: string, sources: Source[], lang: Lang): string {
  const zh = lang === 'zh';
  const blocks = sources.length > 0 ? sources.map(sourceBlock).join(SOURCE_SEPARATOR) : zh ? '（无）' : '(none)';
  // The question comes after the sources: the end of the prompt is where a model attends most.
  return zh ? `资料：\n\n${blocks}\n\n问题：${question.trim()}` : `Sources:\n\n${blocks}\n\nQuestion: ${question.trim()}`;
}

/**
 * The answering conversation: instructions (Chinese for Chinese questions, English otherwise), the
 * earlier turns, then one user message with the numbered sources followed by the question.
 */
export function answerMessages(question: string, sources: Source[], options: AnswerPromptOptions): ChatMessage[] {
  const history = (options.history ?? []).filter((m) => m.role !== 'system');
  return [
    { role: 'system', content: options.lang === 'zh' ? SYSTEM_ZH : SYSTEM_EN },
    ...history,
    { role: 'user', content: userMessage(question, sources, options.lang) },
  ];
}

/** Default length of an answer, in tokens, shared by the budget and the generation. */
export const DEFAULT_ANSWER_TOKENS = 512;

// Role markers and separators a chat template adds around each message.
const PER_MESSAGE_TOKENS = 8;
// Separators between packed sources and the imprecision of counting labels before final numbering.
const DEFAULT_MARGIN_TOKENS = 64;

export interface SourceBudgetOptions extends AnswerPromptOptions {
  /** Tokens reserved for the answer. */
  maxTokens?: number;
  /** Extra tokens kept free for what counting cannot see. */
  marginTokens?: number;
}

export interface PromptBudgetOptions {
  /** Tokens reserved for the reply. */
  reserve: number;
  /** Extra tokens kept free for what counting cannot see; default 64. */
  margin?: number;
}

/**
 * Tokens left for what will be added to `messages` (the sources): the generator's context window
 * minus the reply's reserve, the messages as they are (with each message's template markers), and
 * a safety margin. Never negative. Any prompt that packs sources uses it, not only the answer's.
 */
export async function promptTokenBudget(
  messages: readonly ChatMessage[],
  generator: Pick<Generator, 'contextTokens' | 'countTokens'>,
  options: PromptBudgetOptions,
): Promise<number> {
  const counts = await Promise.all(messages.map((m) => generator.countTokens(m.content)));
  const prompt = counts.reduce((sum, n) => sum + n + PER_MESSAGE_TOKENS, 0);
  const margin = options.margin ?? DEFAULT_MARGIN_TOKENS;
  return Math.max(0, generator.contextTokens - options.reserve - prompt - margin);
}

/**
 * Tokens left for the packed sources of the answering prompt (`PackOptions.budgetTokens`), the
 * answer's tokens reserved.
 */
export async function sourceTokenBudget(
  question: string,
  generator: Pick<Generator, 'contextTokens' | 'countTokens'>,
  options: SourceBudgetOptions,
): Promise<number> {
  return promptTokenBudget(answerMessages(question, [], options), generator, {
    reserve: options.maxTokens ?? DEFAULT_ANSWER_TOKENS,
    margin: options.marginTokens,
  });
}
