/**
 * What the person is told about an opening of the index: why it did not open, in words about what
 * failed, and the documents found damaged when it did.
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { AppSettings } from '../../src/protocol/api.ts';
import type { EngineEvents } from './engine-events.ts';
import { errorWords } from './error-words.ts';

/** The index could not open because its embedding model could not be loaded. */
export class EmbedderUnavailableError extends Error {
  constructor(
    readonly modelId: string,
    cause: unknown,
  ) {
    super(`${modelId} could not be loaded: ${errorWords(cause)}`, { cause });
    this.name = 'EmbedderUnavailableError';
  }
}

/**
 * On a first visit the failure is the embedding model's, which could not be downloaded, not the
 * library's. Documents dropped meanwhile wait for it (their rows say so), and the notice goes once
 * a model loads.
 */
export function sayOpenFailed(events: EngineEvents, error: unknown, settings: AppSettings): void {
  if (!(error instanceof EmbedderUnavailableError)) {
    events.notify({ kind: 'library-unavailable', detail: errorWords(error) });
    return;
  }
  events.notify({ kind: 'embedder-unavailable', model: error.modelId, source: settings.modelSource, detail: errorWords(error.cause) }, 'models');
}

/** The documents whose records the open found damaged, named once each. */
export function sayDamage(events: EngineEvents, engine: LociEngine): void {
  const damage = engine.damage;
  if (damage.length > 0) events.notify({ kind: 'damaged', names: [...new Set(damage.map((d) => d.name))] });
}
