/**
 * `npm run chaos [-- --kills N --clients N --seed S]`: crash safety on SQLite, and on
 * PostgreSQL too when TEST_DATABASE_URL points at a server (scripts/with-postgres.sh), each on
 * a fresh database. Exits 1 if an acknowledged write was lost or the integrity check failed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
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
  const { TEST_PGDATA: data, TEST_PGBIN: bin, TEST_PG_RUN_AS: runAs } = process.env;
  // scripts/with-postgres.sh says where its cluster is: restart it (fast shutdown) once.
  const restartDatabase =
    data && bin
      ? async () => {
          const ctl = [path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'restart'];
          const [cmd, ...args] = runAs ? [...runAs.split(' '), ...ctl] : ctl;
          // Asynchronously (the clients keep writing meanwhile), and without pipes: the new
          // postmaster would hold them open.
          await new Promise<void>((resolve, reject) =>
            spawn(cmd as string, args, { stdio: 'ignore' }).on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`pg_ctl restart: exit ${code}`)),
            ),
          );
        }
      : undefined;
  const databaseUrl = await freshPostgres(admin);
  reports.push(await chaos({ ...base, databaseUrl, restartDatabase, log: (l) => console.log(`  ${l}`) }));
}
let failed = false;
for (const r of reports) {
  const ok =
    r.lost.length === 0 &&
    r.reverted.length === 0 &&
    r.serverErrors === 0 &&
    r.refused === 0 &&
    r.hangs === 0 &&
    r.crashes === 0 &&
    (r.database === 'postgres' || r.integrity === 'ok');
  failed ||= !ok;
  console.log(
    `${r.database}: ${r.kills} kills, ${r.acknowledged} acknowledged writes, lost ${r.lost.length}${r.lost.length ? ` (${r.lost.slice(0, 10).join(', ')})` : ''}, completions undone ${r.reverted.length}, integrity ${r.integrity}, 5xx other than 503 ${r.serverErrors}, 4xx ${r.refused}, 503 ${r.unavailable}${r.databaseRestarted ? ' (database restarted once)' : ''}, hangs ${r.hangs}, crashes ${r.crashes}, requests cut by a kill ${r.failedRequests} — ${ok ? 'OK' : 'FAILED'}`,
  );
}
process.exit(failed ? 1 : 0);
