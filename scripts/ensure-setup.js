// Runs before `npm start` and `npm test`: installs the npm packages when they are missing, and for
// tests Debian's Chromium too (as root, through apt), so the README's two commands work on a
// fresh machine. Does nothing when everything is there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const forTests = process.argv.includes('--test');

/** Packages package.json names that node_modules lacks (e.g. one added since the last install). */
function missingPackages() {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return names.filter((name) => !existsSync(`node_modules/${name}/package.json`));
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`setup: "${cmd} ${args.join(' ')}" failed`);
    process.exit(r.status ?? 1);
  }
}

if (!existsSync('node_modules/.package-lock.json') || missingPackages().length > 0) {
  console.error('setup: installing npm packages (onnxruntime-node download skipped)');
  // allowScripts in package.json keeps npm 11.19+ from running onnxruntime-node's GPU download;
  // the variable stops it under an npm that still runs install scripts
  run('npm', ['install', '--no-audit', '--no-fund'], { ONNXRUNTIME_NODE_INSTALL: 'skip' });
}

if (forTests && !existsSync('/usr/bin/chromium')) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.error("setup: installing Debian's chromium for the browser tests");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
  } else {
    console.error('setup: /usr/bin/chromium is missing; install Debian\'s "chromium" package for the browser tests');
    process.exit(1);
  }
}
