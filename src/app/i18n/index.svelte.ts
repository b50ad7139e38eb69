/**
 * `t(key)` for every visible string. The locale is reactive state, so switching language in the
 * settings re-renders every message without a reload.
 */
import { en, type MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { interpolate, pluralKey, resolveLocale, type Locale, type LocalePreference, type Params } from './resolve.ts';
import { formatBytes, roundDuration } from '../lib/format.ts';
import type { ModelSize } from '../lib/model-size.ts';
import type { ProgressStage, Stage } from '../../protocol/vocabulary.ts';
import type { EngineNotice, StorageShortage } from '../../protocol/api.ts';

export type { Locale, LocalePreference, MessageKey };

const tables: Record<Locale, Record<MessageKey, string>> = { en, zh };

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const current = $state<{ locale: Locale }>({ locale: resolveLocale('auto', browserLanguages()) });

export function t(key: MessageKey, params?: Params): string {
  const table = tables[current.locale];
  return interpolate(table[pluralKey(table, key, current.locale, params)], params);
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

/** A model's size in words, as the settings and the cached list both show it: exact, "at least", "about" (the registry's estimate), or not known. */
export function modelSizeText(size: ModelSize): string {
  if (size.kind === 'unknown') return t('cached.unknown');
  if (size.kind === 'exact') return formatBytes(size.bytes);
  return t(size.kind === 'floor' ? 'cached.atLeast' : 'cached.about', { size: formatBytes(size.bytes) });
}

// Complete records rather than string matching: a stage added to the engine's contract fails
// the type check here instead of showing up untranslated.
const PROGRESS_STAGE_KEYS: Record<ProgressStage, MessageKey> = {
  parse: 'stage.parse',
  ocr: 'stage.ocr',
  embed: 'stage.embed',
  cluster: 'stage.cluster',
  raptor: 'stage.raptor',
  preparse: 'stage.preparse',
};

const DONE_STAGE_KEYS: Record<Stage, MessageKey> = {
  parsed: 'stage.parsed',
  chunked: 'stage.chunked',
  embedded: 'stage.embedded',
  clustered: 'stage.clustered',
  preparsed: 'stage.preparsed',
  ready: 'stage.ready',
};

/** The stage under way, in words ("Embedding"). */
export function stageName(stage: ProgressStage): string {
  return t(PROGRESS_STAGE_KEYS[stage]);
}

/** The last stage completed, in words ("Embedded"), for a job that is waiting or paused. */
export function doneStageName(stage: Stage): string {
  return t(DONE_STAGE_KEYS[stage]);
}

/** An engine notice in the current language; lower layers' details stay as they were written. */
export function noticeText(notice: EngineNotice): string {
  switch (notice.kind) {
    case 'embedder-unavailable': {
      const { source } = notice;
      const where = source.kind === 'mirror' ? source.baseUrl : t(source.kind === 'hub' ? 'notice.where.hub' : 'notice.where.local');
      return t('notice.embedderUnavailable', { model: notice.model, where, detail: notice.detail });
    }
    case 'generator-unavailable':
      return t('notice.generatorUnavailable', { detail: notice.detail });
    case 'reindexing':
      return t('notice.reindexing', { from: notice.from, to: notice.to });
    case 'damaged':
      return t('notice.damaged', { names: notice.names.join(locale() === 'zh' ? '、' : ', ') });
    case 'restored':
      return t('notice.restored', { names: notice.names.join(locale() === 'zh' ? '、' : ', ') });
    case 'library-unavailable':
      return t('notice.libraryUnavailable', { detail: notice.detail });
    case 'worker-failed':
      return t('notice.workerFailed', { worker: t(`notice.worker.${notice.worker}`), detail: notice.detail ?? t('notice.workerNoStart') });
    case 'storage-short':
      return t('notice.storageShort', { n: notice.files, needs: formatBytes(notice.needs), free: formatBytes(notice.free) });
  }
}

/** Why a document's row failed for want of room, with the sizes the engine measured. */
export function storageFullText(name: string, shortage: StorageShortage): string {
  const free = shortage.free === undefined ? undefined : formatBytes(shortage.free);
  if (shortage.what === 'file' && shortage.needs !== undefined) {
    const needs = formatBytes(shortage.needs);
    return free === undefined ? t('doc.fullFileUnmeasured', { name, needs }) : t('doc.fullFile', { name, needs, free });
  }
  return free === undefined ? t('doc.fullIndexUnmeasured', { name }) : t('doc.fullIndex', { name, free });
}
