/**
 * WebRTC taken off the page before any other script runs: the build makes this file the page's
 * first script, a classic one that blocks the parser (build/content-security-policy.ts). A peer
 * connection answers to neither the Content-Security-Policy (Chromium knows no `webrtc` directive)
 * nor the service worker, so a script could open one to a STUN server and leak the device's
 * addresses. Each name becomes undefined, neither writable nor configurable: a later script can
 * neither assign, delete nor redefine it back (test/browser/content-security.test.ts).
 *
 * Not needed in the workers: a dedicated worker has no RTCPeerConnection in Chromium (156 checked),
 * only RTCDataChannel, which it can receive from a page's connection but never open.
 */

/** The constructors of a connection and of what it exchanges, with the prefixed names of older browsers. */
const WEBRTC_NAMES = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'mozRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'RTCIceCandidate'];

for (const name of WEBRTC_NAMES) {
  if (name in globalThis) Object.defineProperty(globalThis, name, { value: undefined, writable: false, enumerable: false, configurable: false });
}

// A module with nothing to export: its bundle then defines no global of its own.
export {};
