/**
 * `npm run fuzz [-- --per-op N --seed S --only REGEX]`: the OpenAPI-driven fuzzer on a fresh
 * database (SQLite, or PostgreSQL under scripts/with-postgres.sh), printing what it found.
 * Exits 1 on any finding.
 */
import { parseArgs } from 'node:util';
import { createHarness } from '../harness.js';
import { fuzz, summarize } from './fuzzer.js';

const { values } = parseArgs({
  options: {
    'per-op': { type: 'string', default: '200' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    only: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const perOp = Number(values['per-op']);
const seed = Number(values.seed);
const h = await createHarness();
const started = Date.now();
console.log(`Fuzzing on ${h.ctx.dialect}: ${perOp} requests per operation, seed ${seed}`);
const report = await fuzz(h, {
  perOp,
  seed,
  warmUp: Math.max(4, Math.floor(perOp / 20)),
  only: values.only ? new RegExp(values.only) : undefined,
  progress: values.quiet ? undefined : (line) => console.log(line),
});
// The server's own account of each 5xx, for whoever fixes it.
const errorsLogged = h.logs.filter((l) => l.includes('"level":50'));
await h.close();
const counts = Object.values(report.perOperation);
const serverErrors = Object.entries(report.statuses)
  .filter(([s]) => Number(s) >= 500)
  .reduce((n, [, c]) => n + c, 0);
console.log(
  `\n${report.operations} operations, ${report.requests} requests (${Math.min(...counts)}–${Math.max(...counts)} per operation) in ${Math.round((Date.now() - started) / 1000)} s`,
);
console.log(`statuses: ${JSON.stringify(report.statuses)}; 5xx: ${serverErrors}`);
const lines = summarize(report.findings);
console.log(lines.length ? `${report.findings.length} findings:\n${lines.join('\n')}` : 'No findings.');
if (errorsLogged.length) console.log(`\nServer errors logged:\n${errorsLogged.slice(0, 5).join('').slice(0, 6000)}`);
process.exit(lines.length ? 1 : 0);
