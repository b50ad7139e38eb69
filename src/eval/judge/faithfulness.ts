/**
 * Faithfulness judged by the LLM: it splits the answer into statements, then gives a verdict per
 * statement against the context (design, Evaluation). All verdicts are asked in one call; when the
 * reply does not give one per statement, each statement is asked on its own, so a small model that
 * loses count still gets judged.
 */
import type { Generator } from '../../core/ports.ts';
import type { Lang } from '../../core/types.ts';
import { complete } from '../llm/complete.ts';
import { faithfulness } from '../metrics/ragas.ts';
import { JUDGE_TEMPERATURE, judgeLang, type JudgeOptions } from './options.ts';
import { parseStringList, parseVerdict, parseVerdicts } from './parse.ts';
import {
  STATEMENTS_SCHEMA,
  VERDICTS_SCHEMA,
  VERDICT_SCHEMA,
  statementsPrompt,
  verdictPrompt,
  verdictsPrompt,
} from './prompts.ts';

export interface FaithfulnessJudgement {
  /** Supported / all statements; NaN when the answer yields no statement. */
  score: number;
  statements: { text: string; supported: boolean }[];
  /** Statements whose verdict could not be read even when asked alone (counted as unsupported). */
  unreadable: number;
}

export async function judgeFaithfulness(
  answer: string,
  context: string,
  generator: Generator,
  lang: Lang,
  options: JudgeOptions = {},
): Promise<FaithfulnessJudgement> {
  const l = judgeLang(lang);
  const base = { temperature: JUDGE_TEMPERATURE, maxTokens: options.maxTokens ?? 1024, signal: options.signal };

  const statements = parseStringList(
    await complete(generator, statementsPrompt(answer, l), { ...base, jsonSchema: STATEMENTS_SCHEMA }),
    'statements',
  );
  if (statements.length === 0) return { score: NaN, statements: [], unreadable: 0 };

  let verdicts: (0 | 1 | undefined)[] | undefined = parseVerdicts(
    await complete(generator, verdictsPrompt(context, statements, l), { ...base, jsonSchema: VERDICTS_SCHEMA }),
    statements.length,
  );
  if (verdicts === undefined) {
    verdicts = [];
    for (const statement of statements) {
      const reply = await complete(generator, verdictPrompt(context, statement, l), {
        ...base,
        maxTokens: 32,
        jsonSchema: VERDICT_SCHEMA,
      });
      verdicts.push(parseVerdict(reply));
    }
  }

  const judged = statements.map((text, i) => ({ text, supported: verdicts[i] === 1 }));
  const supported = judged.filter((s) => s.supported).length;
  return {
    score: faithfulness(supported, judged.length),
    statements: judged,
    unreadable: verdicts.filter((v) => v === undefined).length,
  };
}
