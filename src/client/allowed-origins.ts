/**
 * Tells the service worker which origins the model source in use needs (workers/sw/guard.ts), and
 * says whether the page must start again for its workers to reach them: a worker's
 * Content-Security-Policy is fixed when it starts, so workers started under a narrower list
 * cannot reach a mirror chosen since, until the page (and so each worker) starts again.
 */
import { FIRST_VISIT_SOURCE, coversOrigins, modelSourceOrigins, type ModelSourceSetting } from '../protocol/origins.ts';
import type { AllowOriginsMessage, AllowOriginsReply } from '../protocol/service-worker.ts';

/** Read as the page loads: a page the service worker did not serve has the static host's policy. */
const servedByServiceWorker = typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;
/** The origins this page's workers were started under, once known. */
let startedUnder: readonly string[] | undefined = servedByServiceWorker ? undefined : modelSourceOrigins(FIRST_VISIT_SOURCE);

/**
 * Resolves with true when the workers of this page cannot reach `source` and the page should
 * reload; false when they can, or when there is no service worker to tell (it then waits for one).
 */
export async function allowModelSource(source: ModelSourceSetting): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return false;
  const origins = modelSourceOrigins(source);
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  const reply = await new Promise<AllowOriginsReply>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<AllowOriginsReply>) => resolve(event.data);
    const message: AllowOriginsMessage = { type: 'loci-allow-origins', origins };
    worker.postMessage(message, [channel.port2]);
  });
  // The list the service worker held when this page first asked is the one it served the workers with.
  startedUnder ??= reply.previous;
  return !coversOrigins(startedUnder, origins);
}

/**
 * Starts the page again so its workers take the policy that lets them reach `source`; once per
 * source and tab session, so a service worker that cannot keep the list never loops the page.
 */
export function restartFor(source: ModelSourceSetting): void {
  const key = 'loci-restarted-for';
  const value = JSON.stringify(modelSourceOrigins(source));
  if (sessionStorage.getItem(key) === value) return;
  sessionStorage.setItem(key, value);
  location.reload();
}
