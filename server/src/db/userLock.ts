import { type Kysely, sql } from 'kysely';
import type { Db } from './index.js';
import { dialectOf } from './migrationHelpers.js';

/** What a lock guards; each gets its own lock per user. */
const LOCKS = { todos: 1, dailyNote: 2, calendarConnections: 3 } as const;

/**
 * Inside a transaction: waits until no other transaction holds the same lock for this user, and
 * holds it until this one ends. Writes that read a user's data and then write from what they read
 * (the checklist's reconcile, the open-todo limit, saving one part of a daily note, saving a new
 * calendar connection) take it first, so that two of them at once run one after the other. On
 * PostgreSQL it is a transaction-level advisory lock: without it, each of two concurrent
 * checklist saves saw the list without the other's new lines and added them again. SQLite runs
 * one write transaction at a time already.
 */
export async function lockForUser(trx: Db, what: keyof typeof LOCKS, userId: number): Promise<void> {
  if (dialectOf(trx as unknown as Kysely<unknown>) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${LOCKS[what]}::int, ${userId}::int)`.execute(trx);
}
