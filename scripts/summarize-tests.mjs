// Prints one closing line per suite and a total from the runners' JSON reports.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, file] of [
  ['sqlite', 'sqlite.json'],
  ['postgres', 'postgres.json'],
  ['e2e', 'e2e.json'],
]) {
  const p = path.join(dir, file);
  if (!fs.existsSync(p)) continue;
  const r = JSON.parse(fs.readFileSync(p, 'utf8'));
  // Vitest reports numPassedTests…; Playwright reports stats.expected/unexpected/skipped.
  const s = r.stats
    ? { p: r.stats.expected, f: r.stats.unexpected + (r.stats.flaky ?? 0), k: r.stats.skipped }
    : { p: r.numPassedTests, f: r.numFailedTests, k: r.numPendingTests + (r.numTodoTests ?? 0) };
  console.log(`${name}: ${s.p} passed, ${s.f} failed, ${s.k} skipped`);
  passed += s.p;
  failed += s.f;
  skipped += s.k;
}
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
