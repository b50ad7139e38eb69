/**
 * Tells the service worker which origins the model source in use needs (workers/sw/guard.ts), and
 * starts the page again when its workers cannot reach them: a worker's Content-Security-Policy is
 * fixed when it starts, so workers started under a narrower list cannot reach a mirror chosen
 * since, until the page (and so each worker) starts again.
 */
import { FIRST_VISIT_SOURCE, coversOrigins, modelSourceOrigins, type ModelSourceSetting } from '../protocol/origins.ts';
import type { AllowOriginsMessage, AllowOriginsReply } from '../protocol/service-worker.ts';

/** Read as the page loads: a page the service worker did not serve has the static host's policy. */
const servedByServiceWorker = typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;
/** The origins this page's workers were started under, once known. */
let startedUnder: readonly string[] | undefined = servedByServiceWorker ? undefined : modelSourceOrigins(FIRST_VISIT_SOURCE);

/**
 * Tells the service worker the origins `source` needs. When this page's workers were started
 * without them (a mirror just chosen; a hard reload, which bypasses the service worker), starts
 * the page again so each worker takes the policy that names them: once, until a start finds them
 * allowed, so a service worker that cannot keep the list never loops the page.
 */
export async function allowModelSource(source: ModelSourceSetting): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const origins = modelSourceOrigins(source);
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return;
  const reply = await new Promise<AllowOriginsReply>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<AllowOriginsReply>) => resolve(event.data);
    const message: AllowOriginsMessage = { type: 'loci-allow-origins', origins };
    worker.postMessage(message, [channel.port2]);
  });
  // The list the service worker held when this page first asked is the one it served the workers with.
  startedUnder ??= reply.previous;
  const restarted = sessionStorage.getItem(RESTARTED) === JSON.stringify(origins);
  if (coversOrigins(startedUnder, origins)) {
    sessionStorage.removeItem(RESTARTED);
  } else if (!restarted) {
    sessionStorage.setItem(RESTARTED, JSON.stringify(origins));
    location.reload();
  }
}

/** sessionStorage: the origins the page last started again for, until a start finds them allowed. */
const RESTARTED = 'loci-restarted-for';
