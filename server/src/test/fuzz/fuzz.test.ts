import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness.js';
import { fuzz, summarize, timing } from './fuzzer.js';

/**
 * The bounded pass of the OpenAPI-driven fuzzer (a fixed seed, 50 requests per operation):
 * `npm run fuzz -- --per-op 1000` is the long run. Any finding is a bug in the app.
 */
let h: Harness;
afterEach(async () => h?.close());

const PER_OP = Number(process.env.FUZZ_PER_OP ?? 50);

describe('fuzzing every operation of the API document', () => {
  it(`answers ${PER_OP} generated requests per operation without a 5xx, a leak or a change on refusal`, async () => {
    h = await createHarness();
    const report = await fuzz(h, {
      perOp: PER_OP,
      warmUp: 4,
      seed: Number(process.env.FUZZ_SEED ?? 20261123),
      only: process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined,
    });
    if (process.env.FUZZ_REPORT)
      fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ ...report, timing }, null, 1));
    expect(report.operations).toBeGreaterThan(process.env.FUZZ_ONLY ? 0 : 90);
    for (const n of Object.values(report.perOperation)) expect(n).toBeGreaterThanOrEqual(PER_OP);
    expect(summarize(report.findings)).toEqual([]);
  }, 600_000);
});
