import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/**
 * Everything the app stores, grouped by the user it belongs to, as comparable text. Sessions
 * (and device cookies) are left out (reads refresh them), and so are columns a read is allowed to touch.
 */
export interface Snapshot {
  /** user id → that user's rows, one text per table. */
  byUser: Map<number, Record<string, string>>;
  /** Rows that belong to no user (system jobs' runs). */
  shared: Record<string, string>;
  /** Ids found in each user's rows (numbers and uuid-like strings) by table, for requests that name them. */
  ids: Map<number, Map<string, { numbers: number[]; strings: string[] }>>;
}

const SKIP_TABLES = new Set<string>(['sessions', 'login_attempts', 'device_cookies']);
const SKIP_COLUMNS = new Set(['last_used_at', 'last_seen_at']);
const ID_COLUMN = /(^id$|uuid$|^public_id$)/;

type Row = Record<string, unknown>;
type Dialect = 'sqlite' | 'postgres';

/** Every table's rows: one round trip on PostgreSQL (the pass takes one snapshot per request). */
async function readAll(db: Db, tables: Array<keyof Database>, dialect: Dialect) {
  if (dialect === 'postgres') {
    const parts = tables.map((t) => `'${t}', (SELECT coalesce(json_agg(x), '[]'::json) FROM "${t}" x)`);
    const { rows } = await sql<{
      all: Record<string, Row[]>;
    }>`SELECT json_build_object(${sql.raw(parts.join(', '))}) AS "all"`.execute(db);
    return tables.map((t) => [t, rows[0]?.all[t] ?? []] as const);
  }
  return Promise.all(tables.map(async (t) => [t, (await db.selectFrom(t).selectAll().execute()) as Row[]] as const));
}

export async function snapshot(db: Db, tables: Array<keyof Database>, dialect: Dialect): Promise<Snapshot> {
  const rows = await readAll(db, tables, dialect);
  const jobOwner = new Map<unknown, number>();
  for (const [t, list] of rows) if (t === 'cron_jobs') for (const r of list) jobOwner.set(r.id, Number(r.user_id));
  const byUser = new Map<number, Record<string, string[]>>();
  const shared: Record<string, string[]> = {};
  const ids = new Map<number, Map<string, { numbers: number[]; strings: string[] }>>();
  for (const [table, list] of rows) {
    for (const row of list) {
      const owner =
        table === 'users'
          ? Number(row.id)
          : row.user_id !== undefined && row.user_id !== null
            ? Number(row.user_id)
            : jobOwner.get(row.job_id);
      const clean = Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => !SKIP_COLUMNS.has(k))
          .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v]),
      );
      const text = JSON.stringify(clean);
      if (owner === undefined) {
        push(shared, table, text);
        continue;
      }
      const mine = byUser.get(owner) ?? {};
      byUser.set(owner, mine);
      push(mine, table, text);
      if (table === 'users') continue;
      const byTable = ids.get(owner) ?? new Map<string, { numbers: number[]; strings: string[] }>();
      ids.set(owner, byTable);
      const found = byTable.get(table) ?? { numbers: [], strings: [] };
      byTable.set(table, found);
      for (const [k, v] of Object.entries(row)) {
        if (!ID_COLUMN.test(k)) continue;
        if (typeof v === 'number') found.numbers.push(v);
        else if (typeof v === 'string') found.strings.push(v);
      }
    }
  }
  const sorted = (r: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(r).map(([t, l]) => [t, l.sort().join('\n')]));
  return {
    byUser: new Map([...byUser].map(([u, r]) => [u, sorted(r)])),
    shared: sorted(shared),
    ids,
  };
}

function push(into: Record<string, string[]>, table: string, text: string) {
  const list = into[table] ?? [];
  list.push(text);
  into[table] = list;
}

export function tablesOf(db: Db): Promise<Array<keyof Database>> {
  return db.introspection.getTables().then((list) =>
    list
      .map((t) => t.name)
      .filter((n) => !SKIP_TABLES.has(n) && !n.startsWith('search_index') && !n.startsWith('kysely_'))
      .map((n) => n as keyof Database),
  );
}

/** The tables whose text differs between two views of one owner. */
export function changedTables(before: Record<string, string> = {}, after: Record<string, string> = {}): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => (before[t] ?? '') !== (after[t] ?? ''));
}
