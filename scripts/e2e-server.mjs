// Starts the built app on a fresh temporary data directory for the browser tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-e2e-'));
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '4311',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'e2e-admin-password',
    LOG_LEVEL: 'warn',
    // Stopped at the end of the run: no load balancer to drain for.
    SHUTDOWN_DRAIN_DELAY_MS: '0',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
