/// <reference lib="webworker" />
/**
 * The service worker's guard, loaded by the generated service worker (importScripts) before
 * Workbox's own handlers, so its fetch listener runs first. It sees every request of the page and
 * of the workers the page started, and
 *  - refuses a request to an origin that is neither the site nor the model source in use (the
 *    caller sees a network error, as if offline);
 *  - serves each worker script with the workers' Content-Security-Policy for the source in use
 *    (workers/sw/policy.ts), since a worker takes its policy from its script's response, not from
 *    the page. That policy also covers WebSocket, which never reaches a service worker.
 * The page tells it the source's origins (src/client/allowed-origins.ts). It also keeps the
 * library the site publishes, if any, for offline use (workers/sw/site-library-offline.ts).
 */
import { originAllowed } from '../../src/protocol/origins.ts';
import { isAllowOriginsMessage, type AllowOriginsReply } from '../../src/protocol/service-worker.ts';
import { AllowedOrigins } from './allowed-origins.ts';
import { handBack } from './hand-back.ts';
import { SiteLibraryFiles } from './site-library-offline.ts';
import { workerScript } from './worker-script.ts';

declare const self: ServiceWorkerGlobalScope;

const allowed = new AllowedOrigins();
/** The site library sits beside the service worker's script, at the app's root. */
const siteLibrary = new SiteLibraryFiles(new URL('./', self.location.href));

self.addEventListener('message', (event) => {
  if (!isAllowOriginsMessage(event.data)) return;
  const [port] = event.ports;
  event.waitUntil(
    allowed.replace(event.data.origins).then((previous) => {
      const reply: AllowOriginsReply = { previous };
      port?.postMessage(reply);
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin === self.location.origin) {
    if (request.destination === 'worker' || request.destination === 'sharedworker') {
      event.respondWith(allowed.ready.then(() => workerScript(request, allowed.current ?? [])));
      return;
    }
    const served = siteLibrary.serve(request);
    if (served) {
      event.respondWith(served.response);
      event.waitUntil(served.kept);
    }
    return;
  }
  // Left to the browser (and the policy) when allowed: the request goes out as the page made it.
  if (allowed.current && originAllowed(url, allowed.current)) return;
  event.respondWith(
    allowed.ready.then((origins) => {
      // Judged once the kept list is read (a woken service worker), and given back, not fetched here.
      if (originAllowed(url, allowed.current ?? origins)) return handBack(request);
      console.warn(`Loci refused a request to ${url.origin}: not this site nor the model source in use.`);
      return Response.error();
    }),
  );
});
