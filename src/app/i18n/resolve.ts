/** The pure half of i18n: choosing a locale and filling a message's placeholders. */

export type Locale = 'en' | 'zh';
export type LocalePreference = 'auto' | Locale;

/** 'auto' follows the browser: any Chinese variant gives Chinese, everything else English. */
export function resolveLocale(preference: LocalePreference, browserLanguages: readonly string[]): Locale {
  if (preference !== 'auto') return preference;
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

export type Params = Record<string, string | number>;

/**
 * The key of a message in the plural form its count takes: `key.one`, `key.few`… by the
 * language's own rules (Intl.PluralRules: English says "1 passage", Chinese has one form), when
 * the table has that form, else the key itself. The count is the `n` parameter.
 */
export function pluralKey<K extends string>(table: Readonly<Record<K, string>>, key: K, locale: Locale, params: Params | undefined): K {
  const n = params?.n;
  if (typeof n !== 'number') return key;
  const form = `${key}.${new Intl.PluralRules(locale).select(n)}`;
  return form in table ? (form as K) : key;
}

/** Replaces `{name}` with its parameter; an unknown name stays visible so a mistake is noticed. */
export function interpolate(message: string, params: Params | undefined): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/gu, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
