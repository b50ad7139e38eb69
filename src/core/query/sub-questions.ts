/**
 * The second hop with a language model: sub-question decomposition. Given the question and what
 * the first hop found, the model writes the questions still to be searched ("Where was the
 * director of Kiss and Tell born?" + the film's passage → "Where was Richard Wallace born?"),
 * naming what the passages revealed. Keywords alone (second-hop.ts) can only guess which of a
 * passage's names matters; the model can read the question and tell.
 */
import { collectReply } from '../answer/reply.ts';
import { parseParaphrases } from './rewrite.ts';
import type { ChatMessage, Generator } from '../ports.ts';
import type { Lang } from '../types.ts';

export interface SubQuestionOptions {
  lang: Lang;
  /** Sub-questions asked for; default 2 (a bridge question needs one, a comparison two). */
  count?: number;
  signal?: AbortSignal;
}

// What a small model reads of each passage: enough for the names a follow-up needs.
const PASSAGE_CHARS = 600;

/**
 * Up to `count` sub-questions, each plausible (letters, not too long, sharing a content term with
 * the question or a passage) and distinct from the question. An unusable reply gives none: the
 * second hop then searches with keywords only, never worse than without the model.
 */
export async function subQuestions(question: string, passages: readonly string[], generator: Generator, options: SubQuestionOptions): Promise<string[]> {
  const asked = question.trim();
  const count = Math.max(0, Math.floor(options.count ?? 2));
  if (asked === '' || count === 0) return [];
  const excerpts = passages.map((p) => (p.length > PASSAGE_CHARS ? `${p.slice(0, PASSAGE_CHARS)}…` : p).replace(/\s+/g, ' ').trim());
  const reply = await collectReply(
    generator,
    subQuestionMessages(asked, excerpts, count, options.lang),
    { maxTokens: 48 * count + 32, signal: options.signal },
    'sub-questions',
  );
  return parseParaphrases(reply, asked, count, [asked, ...excerpts]);
}

/** Chinese questions get Chinese instructions, as with the other rewrites (rewrite-prompts.ts). */
export function subQuestionMessages(question: string, passages: readonly string[], count: number, lang: Lang): ChatMessage[] {
  const numbered = passages.map((p, i) => `[${i + 1}] ${p}`).join('\n');
  if (lang === 'zh') {
    return [
      {
        role: 'system',
        content:
          `你负责拆分检索问题。根据用户的问题和已经找到的段落，写出最多 ${count} 个还需要检索的子问题：` +
          '回答原问题还缺少的事实，用段落中出现的具体名称代替代词和描述。不要回答问题。' +
          '每行一个问题，不要编号，不要任何解释。',
      },
      { role: 'user', content: `问题：${question}\n\n已找到的段落：\n${numbered}\n\n子问题：` },
    ];
  }
  return [
    {
      role: 'system',
      content:
        `You split search questions. Given the user's question and the passages found so far, write at most ${count} ` +
        'sub-questions for the facts still missing to answer it, naming the people, places and things the passages ' +
        'reveal instead of describing them. Do not answer. Write in the language of the question. ' +
        'One question per line, no numbering, no explanations.',
    },
    { role: 'user', content: `Question: ${question}\n\nPassages found so far:\n${numbered}\n\nSub-questions:` },
  ];
}
