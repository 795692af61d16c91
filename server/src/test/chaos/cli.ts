/**
 * `npm run chaos [-- --kills N --clients N --seed S]`: crash safety on SQLite, and on
 * PostgreSQL too when TEST_DATABASE_URL points at a server (scripts/with-postgres.sh), each on
 * a fresh database. Exits 1 if an acknowledged write was lost or the integrity check failed.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type ChaosReport, chaos } from './chaos.js';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    clients: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const base = { kills: Number(values.kills), clients: Number(values.clients), seed: Number(values.seed) };

async function freshPostgres(admin: string): Promise<string> {
  const name = `daymark_chaos_${process.pid}_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

const reports: ChaosReport[] = [];
if (values.only !== 'postgres') {
  console.log(`SQLite: ${base.kills} kills, ${base.clients} clients, seed ${base.seed}`);
  reports.push(await chaos({ ...base, log: (l) => console.log(`  ${l}`) }));
}
const admin = process.env.TEST_DATABASE_URL;
if (admin && values.only !== 'sqlite') {
  console.log(`PostgreSQL: ${base.kills} kills of the app, ${base.clients} clients, seed ${base.seed}`);
  reports.push(await chaos({ ...base, databaseUrl: await freshPostgres(admin), log: (l) => console.log(`  ${l}`) }));
}
let failed = false;
for (const r of reports) {
  const ok =
    r.lost.length === 0 &&
    r.reverted.length === 0 &&
    r.serverErrors === 0 &&
    (r.database === 'postgres' || r.integrity === 'ok');
  failed ||= !ok;
  console.log(
    `${r.database}: ${r.kills} kills, ${r.acknowledged} acknowledged writes, lost ${r.lost.length}${r.lost.length ? ` (${r.lost.slice(0, 10).join(', ')})` : ''}, completions undone ${r.reverted.length}, integrity ${r.integrity}, 5xx ${r.serverErrors}, requests cut by a kill ${r.failedRequests} — ${ok ? 'OK' : 'FAILED'}`,
  );
}
process.exit(failed ? 1 : 0);
