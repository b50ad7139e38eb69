// `npm test`: the type check, the layer rules and the whole vitest run (Node and browser projects),
// started together rather than one after the other: the checks take a core for a minute or two
// while vitest spends its first seconds building the app and most of its run waiting on browsers
// (docs/decisions/2026-12-02-test-suite-time.md). vitest's output streams as it comes; each check's
// is printed whole when it ends, so the two never interleave. Fails when any of the three fails.
import { spawn } from 'node:child_process';

/** Runs a command; `live` streams its output, otherwise it is collected and printed at its end. */
function run(name, args, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!live) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (!live) process.stdout.write(Buffer.concat(chunks));
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`\ntest: ${name} ${status} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  run('typecheck', ['run', '--silent', 'typecheck'], false),
  run('lint:deps', ['run', '--silent', 'lint:deps'], false),
  run('vitest', ['exec', '--', 'vitest', 'run'], true),
]);
process.exit(results.every(Boolean) ? 0 : 1);
