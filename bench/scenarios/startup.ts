import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server.js';
import { percentile } from '../stats.js';
import type { BenchScenario } from '../types.js';

const RUNS = 5;

/**
 * Cold start: `node dist/server/main.js` on an empty SQLite data directory (every migration
 * applied, the first administrator created) until /api/health answers, polled every 10 ms.
 */
export const startupScenario: BenchScenario = {
  name: 'cold start to a healthy /api/health (SQLite, empty data directory)',
  async measure() {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-start-'));
      try {
        const t0 = performance.now();
        const server = await startServer(
          'dist/server/main.js',
          { DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'bench-admin-password' },
          { healthEveryMs: 10 },
        );
        times.push(performance.now() - t0);
        await server.stop();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    times.sort((a, b) => a - b);
    return [
      {
        label: 'spawn → first 200 from /api/health',
        runs: times.length,
        'p50 ms': percentile(times, 0.5).toFixed(0),
        'max ms': (times.at(-1) ?? 0).toFixed(0),
      },
    ];
  },
};
