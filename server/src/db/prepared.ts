import { type Compilable, CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from './index.js';

const MARK = '\u0000param:';

/** Placeholders for a prepared query's parameters, typed as the values they stand for. */
export type Params<P> = { readonly [K in keyof P]: P[K] };

/**
 * A query built and compiled once per database and then run with new parameter values.
 * Building a Kysely query and compiling it to SQL costs about as much as running a small
 * indexed read on SQLite; the hot reads (the weekly plan, the overview, the stats) pay it on
 * every request otherwise. `build` receives placeholders (`p.userId`) where values go: each one
 * must reach the SQL as a bound parameter (a `where` value, a `limit`), never as SQL text
 * (`sql.lit`, `sql.raw`), and every value that changes between calls must be a placeholder.
 * The compiled text is the same object on every call, which also keeps the statement cache's
 * lookups cheap. It is kept per dialect adapter, which a database's transactions share, so a
 * query run inside a transaction is compiled once too, not once per transaction.
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, p: Params<P>) => Compilable<R> | RawBuilder<R>,
) {
  const compiled = new WeakMap<object, { sql: string; slots: Array<{ key: string } | { value: unknown }> }>();
  const placeholders = new Proxy({} as Params<P>, { get: (_t, key) => `${MARK}${String(key)}` });
  const compile = (db: Db) => {
    const key = db.getExecutor().adapter;
    let c = compiled.get(key);
    if (!c) {
      const built = build(db, placeholders);
      const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      const slots = query.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(MARK) ? { key: v.slice(MARK.length) } : { value: v },
      );
      c = { sql: query.sql, slots };
      compiled.set(key, c);
    }
    return c;
  };
  const query = (db: Db, params: P) => {
    const c = compile(db);
    return db.executeQuery<R>(
      CompiledQuery.raw(
        c.sql,
        c.slots.map((s) => ('key' in s ? params[s.key] : s.value)),
      ),
    );
  };
  // Plain functions chaining the driver's promise: an async function awaiting it costs each
  // query a promise and a resumption more, and the hot reads run several prepared queries.
  return {
    execute: (db: Db, params: P): Promise<R[]> => query(db, params).then((r) => r.rows),
    executeTakeFirst: (db: Db, params: P): Promise<R | undefined> => query(db, params).then((r) => r.rows[0]),
    /** The first row; for writes that return the row they wrote. */
    executeTakeFirstOrThrow: (db: Db, params: P): Promise<R> =>
      query(db, params).then((r) => {
        const row = r.rows[0];
        if (row === undefined) throw new Error('The query returned no row');
        return row;
      }),
  };
}
