import { defineConfig } from 'vitest/config';

/**
 * The cluster tests (npm run test:cluster): three built instances on one PostgreSQL behind
 * HAProxy, started once by the file. Kept out of the default run (vitest.config.ts), which must
 * not need a build or HAProxy.
 */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
