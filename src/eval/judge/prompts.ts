/**
 * Prompts of the LLM judges, in the language of the question: a small model follows instructions
 * in its users' language better, and Chinese statements judged by an English prompt drift.
 * Every prompt asks for one JSON object; the schemas go to constrained decoding where it exists.
 */
import type { ChatMessage, JsonSchema } from '../../core/ports.ts';

export type JudgeLang = 'en' | 'zh';

const stringList = (key: string): JsonSchema => ({
  type: 'object',
  properties: { [key]: { type: 'array', items: { type: 'string' } } },
  required: [key],
});

export const STATEMENTS_SCHEMA = stringList('statements');
export const QUESTIONS_SCHEMA = stringList('questions');
export const VERDICTS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { verdicts: { type: 'array', items: { type: 'integer', enum: [0, 1] } } },
  required: ['verdicts'],
};
export const VERDICT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { verdict: { type: 'integer', enum: [0, 1] } },
  required: ['verdict'],
};
export const NEEDED_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { needed: { type: 'array', items: { type: 'integer' } } },
  required: ['needed'],
};

const numbered = (items: readonly string[]): string => items.map((s, i) => `${i + 1}. ${s}`).join('\n');

export function statementsPrompt(answer: string, lang: JudgeLang): ChatMessage[] {
  return lang === 'zh'
    ? [
        { role: 'system', content: '你把回答拆分成简短、独立的陈述，每条陈述只含一个事实，代词替换为所指对象。' },
        { role: 'user', content: `回答：\n${answer}\n\n只输出 JSON：{"statements": ["陈述1", "陈述2"]}` },
      ]
    : [
        {
          role: 'system',
          content:
            'You split an answer into short standalone statements, one fact each, with pronouns replaced by what they refer to.',
        },
        { role: 'user', content: `Answer:\n${answer}\n\nReply with JSON only: {"statements": ["...", "..."]}` },
      ];
}

export function verdictsPrompt(context: string, statements: readonly string[], lang: JudgeLang): ChatMessage[] {
  return lang === 'zh'
    ? [
        { role: 'system', content: '你判断每条陈述能否从给定上下文中直接得出。只依据上下文，不用你自己的知识。' },
        {
          role: 'user',
          content: `上下文：\n${context}\n\n陈述：\n${numbered(statements)}\n\n按顺序给每条陈述一个判断：1 表示上下文支持，0 表示不支持。只输出 JSON：{"verdicts": [1, 0]}，共 ${statements.length} 个。`,
        },
      ]
    : [
        {
          role: 'system',
          content:
            'You judge whether each statement can be directly inferred from the given context. Use the context only, not your own knowledge.',
        },
        {
          role: 'user',
          content: `Context:\n${context}\n\nStatements:\n${numbered(statements)}\n\nGive one verdict per statement, in order: 1 if the context supports it, 0 if not. Reply with JSON only: {"verdicts": [1, 0]}, exactly ${statements.length} of them.`,
        },
      ];
}

export function verdictPrompt(context: string, statement: string, lang: JudgeLang): ChatMessage[] {
  return lang === 'zh'
    ? [
        { role: 'system', content: '你判断一条陈述能否从给定上下文中直接得出。只依据上下文。' },
        {
          role: 'user',
          content: `上下文：\n${context}\n\n陈述：${statement}\n\n上下文支持该陈述吗？只输出 JSON：{"verdict": 1} 或 {"verdict": 0}`,
        },
      ]
    : [
        { role: 'system', content: 'You judge whether a statement can be directly inferred from the given context. Use the context only.' },
        {
          role: 'user',
          content: `Context:\n${context}\n\nStatement: ${statement}\n\nDoes the context support the statement? Reply with JSON only: {"verdict": 1} or {"verdict": 0}`,
        },
      ];
}

export function neededSentencesPrompt(question: string, sentences: readonly string[], lang: JudgeLang): ChatMessage[] {
  return lang === 'zh'
    ? [
        { role: 'system', content: '你从检索到的上下文中找出回答问题所需要的句子。' },
        {
          role: 'user',
          content: `问题：${question}\n\n上下文的句子：\n${numbered(sentences)}\n\n回答问题需要哪些句子？列出它们的编号，都不需要时给空列表。只输出 JSON：{"needed": [1, 3]}`,
        },
      ]
    : [
        { role: 'system', content: 'You pick the sentences of a retrieved context that are needed to answer a question.' },
        {
          role: 'user',
          content: `Question: ${question}\n\nSentences of the context:\n${numbered(sentences)}\n\nWhich sentences are needed to answer the question? List their numbers; an empty list when none is. Reply with JSON only: {"needed": [1, 3]}`,
        },
      ];
}

export function questionsPrompt(answer: string, n: number, lang: JudgeLang): ChatMessage[] {
  return lang === 'zh'
    ? [
        { role: 'system', content: '你根据一个回答，写出这个回答所回答的问题。' },
        {
          role: 'user',
          content: `回答：\n${answer}\n\n写出 ${n} 个不同的问题，这个回答正好回答它们。只输出 JSON：{"questions": ["问题1", "问题2"]}`,
        },
      ]
    : [
        { role: 'system', content: 'Given an answer, you write the questions it answers.' },
        {
          role: 'user',
          content: `Answer:\n${answer}\n\nWrite ${n} different questions that this answer answers. Reply with JSON only: {"questions": ["...", "..."]}`,
        },
      ];
}
