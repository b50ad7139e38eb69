/**
 * Turns transformers.js per-file load progress into the app's DownloadProgress: a byte rate for the
 * ETA, and few enough events that the main thread is not flooded (a cache read reports thousands).
 */
import type { DownloadProgress } from '../../src/protocol/api.ts';
import type { LoadProgress } from '../../src/models/transformers-load.ts';

const MIN_INTERVAL_MS = 150;
/** Weight of the newest rate sample: smooths bursts from the cache and the network. */
const SMOOTHING = 0.3;

export function downloadMeter(model: string, report: (progress: DownloadProgress) => void, now: () => number = () => performance.now()) {
  const lastEmit = new Map<string, number>();
  const lastLoaded = new Map<string, number>();
  let lastSample: { at: number; bytes: number } | undefined;
  let bytes = 0;
  let rate: number | undefined;

  return (progress: LoadProgress): void => {
    const previous = lastLoaded.get(progress.file) ?? 0;
    bytes += Math.max(0, progress.loaded - previous);
    lastLoaded.set(progress.file, progress.loaded);
    const at = now();
    if (!lastSample) lastSample = { at, bytes };
    const elapsed = (at - lastSample.at) / 1000;
    if (elapsed >= 0.5) {
      const sample = (bytes - lastSample.bytes) / elapsed;
      rate = rate === undefined ? sample : SMOOTHING * sample + (1 - SMOOTHING) * rate;
      lastSample = { at, bytes };
    }
    const done = progress.total > 0 && progress.loaded >= progress.total;
    if (!done && at - (lastEmit.get(progress.file) ?? -Infinity) < MIN_INTERVAL_MS) return;
    lastEmit.set(progress.file, at);
    report({ model, file: progress.file, loaded: progress.loaded, total: progress.total, rate, done });
  };
}
