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

/**
 * Switches for the tests' Chromium only, never the benchmarks' (bench/browser), which time the app
 * as a person's browser runs it. `--liftoff-only`: V8 runs WebAssembly with its baseline compiler
 * and never compiles it again at the top tier. Every test context starts the ONNX runtime's 27 MB
 * of wasm afresh (a context shares no code cache), and the top tier's compilation of it was 3.6 of
 * the 4.8 s of V8's background threads in one app start and answer (those threads took 317 s of
 * a whole run, 63 s with this switch), while the tiny models' inference is short enough that
 * baseline code costs less than compiling it better (docs/decisions/2026-12-02-test-suite-time.md).
 * What the app does is unchanged.
 */
export const TEST_SWITCHES = ['--js-flags=--liftoff-only'];
