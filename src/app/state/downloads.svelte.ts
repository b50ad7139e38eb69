/**
 * Model downloads as the dialog shows them: progress events arrive per file, a person thinks
 * per model, so files are summed per model and a rate is kept for the ETA when none is sent.
 */
import type { DownloadProgress } from '../../protocol/api.ts';
import { etaSeconds } from '../lib/format.ts';

export interface ModelDownload {
  model: string;
  loaded: number;
  total: number;
  done: boolean;
  etaSeconds?: number;
}

interface FileState {
  loaded: number;
  total: number;
  done: boolean;
  rate?: number;
}

export class Downloads {
  models = $state.raw<ModelDownload[]>([]);
  hidden = $state(false);
  /** True a moment after the last file finished: files of one model finish one by one, and the
   *  dialog should not blink closed between them. */
  settled = $state(true);
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #files = new Map<string, Map<string, FileState>>();
  readonly #started = new Map<string, { at: number; loaded: number }>();

  get active(): boolean {
    return this.models.some((m) => !m.done);
  }

  get visible(): boolean {
    return !this.settled && !this.hidden && this.models.length > 0;
  }

  hide(): void {
    this.hidden = true;
  }

  update(p: DownloadProgress, now = Date.now()): void {
    if (this.settled && !p.done) {
      // A download after everything had finished starts a fresh list and shows the dialog again.
      this.#files.clear();
      this.#started.clear();
      this.models = [];
      this.hidden = false;
    }
    let files = this.#files.get(p.model);
    if (!files) {
      files = new Map();
      this.#files.set(p.model, files);
      this.#started.set(p.model, { at: now, loaded: 0 });
    }
    files.set(p.file, { loaded: p.loaded, total: p.total, done: p.done, rate: p.rate });
    const summary = this.#summarize(p.model, files, now);
    const at = this.models.findIndex((m) => m.model === p.model);
    this.models = at < 0 ? [...this.models, summary] : this.models.map((m, i) => (i === at ? summary : m));
    clearTimeout(this.#settleTimer);
    this.settled = false;
    if (!this.active) this.#settleTimer = setTimeout(() => (this.settled = true), 1500);
  }

  #summarize(model: string, files: Map<string, FileState>, now: number): ModelDownload {
    let loaded = 0;
    let total = 0;
    let rate = 0;
    let rates = 0;
    for (const f of files.values()) {
      loaded += f.loaded;
      total += Math.max(f.total, f.loaded);
      if (f.rate && !f.done) {
        rate += f.rate;
        rates++;
      }
    }
    if (rates === 0) {
      // No rate from the loader: average since this model's first event.
      const start = this.#started.get(model)!;
      const seconds = (now - start.at) / 1000;
      if (seconds > 1) rate = (loaded - start.loaded) / seconds;
    }
    const done = [...files.values()].every((f) => f.done);
    return { model, loaded, total, done, etaSeconds: done ? undefined : etaSeconds(loaded, total, rate) };
  }
}
