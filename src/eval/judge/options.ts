import type { Lang } from '../../core/types.ts';
import type { JudgeLang } from './prompts.ts';

export interface JudgeOptions {
  signal?: AbortSignal;
  /** Cap on each judge reply; long answers make long statement lists. */
  maxTokens?: number;
}

/** Chinese prompts for Chinese, English for the rest. */
export function judgeLang(lang: Lang | JudgeLang): JudgeLang {
  return lang === 'zh' ? 'zh' : 'en';
}

/** Judging is deterministic (temperature 0) so a cached run replays the same verdicts. */
export const JUDGE_TEMPERATURE = 0;
