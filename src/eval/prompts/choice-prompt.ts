/**
 * The QuALITY answering protocol of the paper: the question, its four options and an UNKNOWN
 * choice, answered with one letter through structured output; generation parameters of its
 * ablation (Table 2: temperature 0.7, top_p 0.8, at most 30 tokens so nothing but the choice comes out).
 */
import type { ChatMessage, GenerateOptions, JsonSchema } from '../../core/ports.ts';
import { CHOICE_LETTERS, parseChoice, type Choice } from '../metrics/choice.ts';

export const CHOICE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { answer: { type: 'string', enum: [...CHOICE_LETTERS, 'UNKNOWN'] } },
  required: ['answer'],
};

export const CHOICE_GENERATION: Readonly<Omit<GenerateOptions, 'signal'>> = {
  temperature: 0.7,
  topP: 0.8,
  maxTokens: 30,
  jsonSchema: CHOICE_SCHEMA,
};

/** `context` is the packed retrieved chunks, already labelled by the engine. */
export function choiceMessages(question: string, options: readonly string[], context: string): ChatMessage[] {
  if (options.length !== CHOICE_LETTERS.length) throw new RangeError(`expected 4 options, got ${options.length}`);
  const listed = options.map((o, i) => `${CHOICE_LETTERS[i]}. ${o.trim()}`).join('\n');
  return [
    {
      role: 'system',
      content:
        'You answer a multiple-choice question about a story or article using the given excerpts. ' +
        'Reply with the letter of the best option, or UNKNOWN when the excerpts do not let you decide.',
    },
    {
      role: 'user',
      content: `Excerpts:\n${context}\n\nQuestion: ${question}\n\n${listed}\nUNKNOWN. The excerpts do not say.\n\nReply with JSON only: {"answer": "A"}`,
    },
  ];
}

/** Whether a reply picks the gold option (UNKNOWN and unreadable replies are wrong). */
export function isCorrectChoice(reply: string, goldLetter: Exclude<Choice, 'UNKNOWN'>): boolean {
  return parseChoice(reply) === goldLetter;
}
