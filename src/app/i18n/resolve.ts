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

/** Replaces `{name}` with its parameter; an unknown name stays visible so a mistake is noticed. */
export function interpolate(message: string, params: Params | undefined): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/gu, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
