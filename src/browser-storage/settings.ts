/**
 * Typed settings over the key-value `settings` store. The defaults live with the caller (the
 * app's settings module), so a setting never stored, or stored by another version with a
 * different type or a choice this one does not know, reads as its default.
 */
import type { LociDb } from './schema.ts';

export type SettingsShape = { [key: string]: unknown };

/** The values a setting may take, for those that are one of a few. */
export type SettingChoices<T extends SettingsShape> = { [K in keyof T]?: readonly T[K][] };

export class Settings<T extends SettingsShape> {
  constructor(
    private readonly db: LociDb,
    private readonly defaults: T,
    private readonly choices: SettingChoices<T> = {},
  ) {}

  async get<K extends keyof T & string>(key: K): Promise<T[K]> {
    const record = await this.db.get('settings', key);
    return record !== undefined && this.readable(key, record.value) ? (record.value as T[K]) : this.defaults[key];
  }

  async set<K extends keyof T & string>(key: K, value: T[K]): Promise<void> {
    await this.db.put('settings', { key, value });
  }

  /** Forgets the stored value, so the default applies again. */
  async reset<K extends keyof T & string>(key: K): Promise<void> {
    await this.db.delete('settings', key);
  }

  /** All settings, defaults filled in; stored keys unknown to `defaults` are left out. */
  async getAll(): Promise<T> {
    const result: SettingsShape = { ...this.defaults };
    for (const { key, value } of await this.db.getAll('settings')) {
      if (Object.hasOwn(this.defaults, key) && this.readable(key, value)) result[key] = value;
    }
    return result as T;
  }

  private readable(key: keyof T, value: unknown): boolean {
    const allowed = this.choices[key] as readonly unknown[] | undefined;
    return allowed ? allowed.includes(value) : sameKind(value, this.defaults[key]);
  }
}

/** A cheap guard against values written by another version; `undefined` defaults accept anything. */
function sameKind(value: unknown, fallback: unknown): boolean {
  if (fallback === undefined || fallback === null) return true;
  if (Array.isArray(fallback)) return Array.isArray(value);
  return typeof value === typeof fallback && value !== null;
}
