// `npm start`: build the app and serve the production build at http://localhost:4173 (PORT overrides).
import { spawnSync } from 'node:child_process';

const run = (args) => {
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', ...args], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(['build']);
run(['preview', '--host', '127.0.0.1']);
