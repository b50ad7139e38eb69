/**
 * A worker's script as the service worker serves it: from the precache when Workbox holds it (the
 * workers' files are hashed, so their URL is the key), else from the network, with the workers'
 * Content-Security-Policy for the origins in force added to whatever headers it came with
 * (cross-origin isolation's among them).
 */
import { workerPolicy } from './policy.ts';

export async function workerScript(request: Request, origins: readonly string[]): Promise<Response> {
  const response = (await caches.match(request)) ?? (await fetch(request));
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', workerPolicy(origins));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
