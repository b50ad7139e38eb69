/**
 * A request to an allowed origin that the guard could only judge after reading the kept list of
 * origins: the first ones after the browser woke the service worker (it stops an idle one, and a
 * woken one has nothing in memory). Such a request is given back to the browser, not fetched here:
 * the service worker's own fetches are held to the policy its script came with, the host's
 * first-visit one (workers/sw/policy.ts), which names the hub and no mirror, so fetching a mirror
 * here would be refused. The requester's policy (a worker's, which this service worker wrote with
 * the mirror in it) is the one that should judge it.
 */

/**
 * A redirect to the request's own URL: the browser sends it again, from the page or worker that
 * made it, and this time the guard knows the list and leaves it to the network. Only a request that
 * follows redirects, without a body to send again, can be given back so; any other (Loci makes
 * none to another origin) is fetched here, under the service worker's policy.
 */
export function handBack(request: Request): Response | Promise<Response> {
  if (request.redirect === 'follow' && (request.method === 'GET' || request.method === 'HEAD')) return Response.redirect(request.url, 307);
  return fetch(request);
}
