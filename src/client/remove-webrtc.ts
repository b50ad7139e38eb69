/**
 * WebRTC taken off the page before any other script runs: the build makes this file the page's
 * first script, a classic one that blocks the parser (build/content-security-policy.ts). A peer
 * connection answers to neither the Content-Security-Policy (Chromium knows no `webrtc` directive)
 * nor the service worker, so a script could open one to a STUN server and leak the device's
 * addresses. Each name becomes undefined, neither writable nor configurable: a later script can
 * neither assign, delete nor redefine it back (test/browser/content-security.test.ts).
 *
 * A frame of the page's origin has a window, and WebRTC, of its own. The policy's `frame-src
 * 'none'` refuses every frame that loads from an address; a frame with no address (about:blank,
 * srcdoc) is not fetched, so no policy refuses it, and its window is stripped here too: when it
 * loads (an about:blank frame loads as it is inserted, in Chromium before the inserting call
 * returns), and whenever it is read through the frame element. Not covered: a srcdoc frame (or a
 * frame navigated again) reached through `window[n]` or its name before it has loaded; README's
 * privacy section says so.
 *
 * Not needed in the workers: a dedicated worker has no RTCPeerConnection in Chromium (156 checked),
 * only RTCDataChannel, which it can receive from a page's connection but never open.
 */

/** The constructors of a connection and of what it exchanges, with the prefixed names of older browsers. */
const WEBRTC_NAMES = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'mozRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'RTCIceCandidate'];

/** The frame elements whose window a script can read, by their constructors' names. */
const FRAME_ELEMENTS = ['HTMLIFrameElement', 'HTMLFrameElement'];

type Scope = Window & Record<string, unknown>;

/** The windows already guarded, and their documents: a frame's window keeps its guard until it loads another document. */
const guarded = new WeakSet<object>();

/** Takes WebRTC off `scope`, and guards the frames it may hold the same way. */
function guard(scope: Scope): void {
  for (const name of WEBRTC_NAMES) {
    if (name in scope && scope[name] !== undefined) Object.defineProperty(scope, name, { value: undefined, writable: false, enumerable: false, configurable: false });
  }
  if (!guarded.has(scope)) {
    guarded.add(scope);
    for (const name of FRAME_ELEMENTS) guardFrameElement(scope[name]);
  }
  const document = scope.document;
  if (document && !guarded.has(document)) {
    guarded.add(document);
    // capture: a load does not bubble, and the page's listener runs before any other script's
    document.addEventListener('load', (event) => guardFrameOf(event.target), true);
  }
}

/** The browser's own `contentWindow` getter, by frame element prototype (of this window or of a frame's), kept before it is wrapped. */
const nativeContentWindow = new WeakMap<object, (this: Element) => unknown>();

/** A frame element's `contentWindow` and `contentDocument` give a window guarded first. */
function guardFrameElement(element: unknown): void {
  const prototype = typeof element === 'function' ? (element.prototype as object) : undefined;
  if (!prototype) return;
  for (const property of ['contentWindow', 'contentDocument'] as const) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, property);
    const read = descriptor?.get;
    if (!descriptor || !read) continue;
    if (property === 'contentWindow') nativeContentWindow.set(prototype, read);
    Object.defineProperty(prototype, property, {
      ...descriptor,
      get(this: Element) {
        guardFrameOf(this);
        return read.call(this) as unknown;
      },
    });
  }
}

/** Guards the window of `target` when it is a frame element whose window is of this origin. */
function guardFrameOf(target: EventTarget | null): void {
  const read = target && typeof target === 'object' ? nativeContentWindow.get(Object.getPrototypeOf(target) as object) : undefined;
  if (!read) return;
  try {
    const win = read.call(target as Element) as Scope | null;
    // reading another origin's window throws: it is not ours to guard, and frame-src refuses it
    if (win?.document) guard(win);
  } catch {
    // another origin's frame
  }
}

guard(globalThis as unknown as Scope);

// A module with nothing to export: its bundle then defines no global of its own.
export {};
