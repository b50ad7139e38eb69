import type { ChatMessage } from '../ports.ts';
import type { Lang } from '../types.ts';

/**
 * Prompts of the three query rewrites. Chinese questions get Chinese instructions: a small model
 * follows the language of its instructions more reliably than an instruction to switch language.
 */

export function multiQueryMessages(question: string, count: number, lang: Lang): ChatMessage[] {
  if (lang === 'zh') {
    return [
      {
        role: 'system',
        content:
          `你负责改写检索问题。请用不同的措辞写出 ${count} 个与用户问题意思相同的问题，` +
          '可以使用同义词、补全省略的说法或换一种问法，但不要改变问题的含义，也不要回答问题。' +
          '每行一个问题，不要编号，不要任何解释。',
      },
      { role: 'user', content: question },
    ];
  }
  return [
    {
      role: 'system',
      content:
        `You rewrite search questions. Write ${count} different phrasings of the user's question ` +
        'that keep its meaning: use synonyms, spell out abbreviations, or ask it another way. ' +
        'Do not answer it. Write in the language of the question. ' +
        'One question per line, no numbering, no explanations.',
    },
    { role: 'user', content: question },
  ];
}

export function hydeMessages(question: string, lang: Lang): ChatMessage[] {
  if (lang === 'zh') {
    return [
      {
        role: 'system',
        content:
          '请写一段可能出现在文档中的简短段落（三到五句话），用来回答用户的问题。' +
          '像文档原文那样直接陈述内容，不要复述问题，不要开场白，只输出这段文字。',
      },
      { role: 'user', content: question },
    ];
  }
  return [
    {
      role: 'system',
      content:
        "Write a short passage (three to five sentences) that could appear in a document and answers the user's question. " +
        'State the content directly as a document would; do not repeat the question, add no preamble, ' +
        'and write in the language of the question. Output only the passage.',
    },
    { role: 'user', content: question },
  ];
}

export function condenseMessages(conversation: string, question: string, lang: Lang): ChatMessage[] {
  if (lang === 'zh') {
    return [
      {
        role: 'system',
        content:
          '根据对话内容，把用户的追问改写成一个无需对话也能看懂的独立问题：' +
          '把代词和省略的部分换成对话中所指的具体对象。如果追问本身已经完整，就原样输出。' +
          '不要回答问题，只输出改写后的一个问题。',
      },
      { role: 'user', content: `对话：\n${conversation}\n\n追问：${question}\n\n独立问题：` },
    ];
  }
  return [
    {
      role: 'system',
      content:
        "Rewrite the user's follow-up question as a standalone question that can be understood without the " +
        'conversation: replace pronouns and omissions with what they refer to in the conversation. ' +
        'If it is already standalone, repeat it unchanged. Keep the language of the follow-up. ' +
        'Do not answer it. Output only the one rewritten question.',
    },
    { role: 'user', content: `Conversation:\n${conversation}\n\nFollow-up question: ${question}\n\nStandalone question:` },
  ];
}
