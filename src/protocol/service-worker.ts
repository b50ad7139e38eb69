/** What the page and the service worker say to each other about the origins Loci may contact. */

/** Page → service worker, with a MessagePort for the answer: the origins the settings now allow. */
export interface AllowOriginsMessage {
  type: 'loci-allow-origins';
  /** Besides the site: CSP source expressions (src/protocol/origins.ts). */
  origins: string[];
}

/** Service worker → page, on the message's port, once the new list is in force and kept. */
export interface AllowOriginsReply {
  /** The list in force before this message: what the page's workers were most likely started under. */
  previous: string[];
}

export function isAllowOriginsMessage(data: unknown): data is AllowOriginsMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<AllowOriginsMessage>;
  return message.type === 'loci-allow-origins' && Array.isArray(message.origins) && message.origins.every((o) => typeof o === 'string');
}
