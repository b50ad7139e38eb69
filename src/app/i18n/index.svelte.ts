/**
 * `t(key)` for every visible string. The locale is reactive state, so switching language in the
 * settings re-renders every message without a reload.
 */
import { en, type MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { interpolate, resolveLocale, type Locale, type LocalePreference, type Params } from './resolve.ts';
import { roundDuration } from '../lib/format.ts';

export type { Locale, LocalePreference, MessageKey };

const tables: Record<Locale, Record<MessageKey, string>> = { en, zh };

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const current = $state<{ locale: Locale }>({ locale: resolveLocale('auto', browserLanguages()) });

export function t(key: MessageKey, params?: Params): string {
  return interpolate(tables[current.locale][key], params);
}

export function locale(): Locale {
  return current.locale;
}

export function setLocale(preference: LocalePreference): void {
  current.locale = resolveLocale(preference, browserLanguages());
  if (typeof document !== 'undefined') document.documentElement.lang = current.locale === 'zh' ? 'zh-CN' : 'en';
}

/** The locale 'auto' would pick, to show it next to the choice. */
export function autoLocale(): Locale {
  return resolveLocale('auto', browserLanguages());
}

/** A rounded remaining time in words ("about 3 min" is built by the caller's message). */
export function duration(seconds: number): string {
  const d = roundDuration(seconds);
  if (d.hours > 0) return t('time.hours', { h: d.hours, m: d.minutes });
  if (d.minutes > 0) return t('time.minutes', { n: d.minutes });
  return t('time.seconds', { n: d.seconds });
}

/** Stage names from the engine ("embed", "embedded", "pre-parse"…) in words. */
export function stageName(stage: string): string {
  const s = stage.toLowerCase().replace(/[^a-z]/gu, '');
  if (s.startsWith('parse') || s === 'read') return t('stage.parse');
  if (s.startsWith('chunk')) return t('stage.chunk');
  if (s.startsWith('embedentr') || s.startsWith('entr')) return t('stage.entries');
  if (s.startsWith('embed')) return t('stage.embed');
  if (s.startsWith('cluster')) return t('stage.cluster');
  if (s.startsWith('preparse')) return t('stage.preparse');
  if (s === 'ready' || s === 'done') return t('stage.ready');
  return stage;
}
