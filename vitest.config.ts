import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/src/**/*.test.ts', 'common/src/**/*.test.ts', 'web/src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // At least two test files at once: Vitest's default (one fewer than the cores) leaves a
    // 2-core machine running one file at a time while most tests wait on a database or a socket.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
