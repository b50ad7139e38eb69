/**
 * How every Chromium here is launched (Debian's, as ENVIRONMENT.md describes): SwiftShader WebGPU
 * on request, and every host but localhost unresolvable so an off-machine request fails fast. Kept
 * apart from browser.ts, which holds vitest hooks, so the global setup can import it.
 */

export const CHROMIUM = process.env.LOCI_CHROMIUM ?? '/usr/bin/chromium';

/** How every Chromium here is launched; `extraArgs`: more switches (the browser benchmark's memory measurement needs one). */
export function launchOptions(extraArgs: readonly string[] = []): { executablePath: string; headless: true; args: string[] } {
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--enable-unsafe-webgpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1', ...extraArgs],
  };
}
