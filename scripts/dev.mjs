// Development: the server from source with reload on change (port 3000) and Vite's dev server
// (http://localhost:5173, proxying /api to the server).
import { spawn } from 'node:child_process';

const children = [
  spawn('node_modules/.bin/tsx', ['watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    // A reload stops the server at once: no load balancer to drain for.
    env: { SHUTDOWN_DRAIN_DELAY_MS: '0', ...process.env, WEB_DIR: '' },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
