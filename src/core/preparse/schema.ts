/**
 * What the generator is asked for (paper §2.2): one whole-level triple and a list of detail triples.
 * The paper's code calls the copied passage `reference`; Loci calls it `context`, as the paper's
 * text does, and accepts `reference` on the way in (see validate.ts).
 */
import type { GenerateOptions, JsonSchema } from '../ports.ts';

/** Field names of a triple, in the order the model writes them and entries are built. */
export const TRIPLE_FIELDS = ['query', 'summary', 'context'] as const;
export type TripleField = (typeof TRIPLE_FIELDS)[number];

function tripleSchema(): JsonSchema {
  return {
    type: 'object',
    properties: {
      query: { type: 'string' },
      summary: { type: 'string' },
      context: { type: 'string' },
    },
    required: [...TRIPLE_FIELDS],
    additionalProperties: false,
  };
}

// minItems/maxItems are left out on purpose: not every constrained decoder supports them, and the
// prompt already asks for 1–5 points.
export const PREPARSE_SCHEMA: JsonSchema = deepFreeze({
  ...tripleSchema(),
  properties: {
    ...(tripleSchema().properties as JsonSchema),
    points: { type: 'array', items: tripleSchema() },
  },
  required: [...TRIPLE_FIELDS, 'points'],
});

/** Sampling of the paper's code. */
export const PREPARSE_GENERATION: GenerateOptions = Object.freeze({
  temperature: 0.7,
  topP: 0.8,
  maxTokens: 1024,
});

/** The shape as an empty example, which small models follow better than a JSON schema. */
export const PREPARSE_TEMPLATE =
  '{"query":"","summary":"","context":"","points":[{"query":"","summary":"","context":""}]}';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
