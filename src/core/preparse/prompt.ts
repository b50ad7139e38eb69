/**
 * The pre-parse prompt. It follows the paper's code (text first, then the JSON shape to fill) and
 * adds what small on-device models otherwise get wrong: the language of the answer, copying the
 * context verbatim (anything else is dropped later), a bound on the number of points, JSON only.
 */
import type { ChatMessage } from '../ports.ts';
import type { Lang } from '../types.ts';
import { PREPARSE_TEMPLATE } from './schema.ts';

export function preparseMessages(sourceText: string, lang: Lang): ChatMessage[] {
  return lang === 'zh' ? chinese(sourceText) : english(sourceText);
}

function english(text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You pre-parse passages of a document for a search index. You reply with one JSON object and nothing else.',
    },
    {
      role: 'user',
      content: [
        'Text:',
        '"""',
        text,
        '"""',
        '',
        'Read and understand the text above, then parse it into this JSON format:',
        PREPARSE_TEMPLATE,
        '',
        '- "query": a question a reader could ask that the text answers.',
        '- "summary": a short summary of the text.',
        '- "context": a sentence or passage copied verbatim from the text, character for character, that supports the summary. Never reword it.',
        '- "points": 1 to 5 details of the text, each with its own "query", "summary" and "context" (again copied verbatim from the text).',
        'Write "query" and "summary" in the language of the text.',
        'Answer with the JSON object only: no explanation, no code fence.',
      ].join('\n'),
    },
  ];
}

function chinese(text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: '你负责为检索索引预解析文档片段。你只回复一个 JSON 对象，不输出任何其他内容。',
    },
    {
      role: 'user',
      content: [
        '原文：',
        '"""',
        text,
        '"""',
        '',
        '阅读并理解上面的原文，然后按以下 JSON 格式解析：',
        PREPARSE_TEMPLATE,
        '',
        '- "query"：读者可能提出、且原文能够回答的一个问题。',
        '- "summary"：对原文的简短总结。',
        '- "context"：从原文中逐字摘录、支撑该总结的一句话或一段话，一个字也不能改动。',
        '- "points"：原文中的 1 到 5 个细节，每个细节都有自己的 "query"、"summary" 和 "context"（同样逐字摘录自原文）。',
        '"query" 和 "summary" 使用原文的语言书写。',
        '只输出 JSON 对象：不要解释，不要代码块标记。',
      ].join('\n'),
    },
  ];
}
