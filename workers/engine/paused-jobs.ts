/**
 * Which documents the person paused. Kept in the settings store so a pause outlives a reload: a
 * paused job must not start by itself when the app opens again.
 */
import type { LociDb } from '../../src/browser-storage/schema.ts';

const KEY = 'jobs.paused';

export class PausedJobs {
  private ids = new Set<string>();

  constructor(private readonly db: LociDb) {}

  async load(): Promise<void> {
    const record = await this.db.get('settings', KEY);
    this.ids = new Set(Array.isArray(record?.value) ? record.value.filter((v): v is string => typeof v === 'string') : []);
  }

  has(docId: string): boolean {
    return this.ids.has(docId);
  }

  async set(docId: string, paused: boolean): Promise<void> {
    if (paused === this.ids.has(docId)) return;
    if (paused) this.ids.add(docId);
    else this.ids.delete(docId);
    await this.db.put('settings', { key: KEY, value: [...this.ids] });
  }
}
