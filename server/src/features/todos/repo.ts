import { TODO_OPEN_MAX, TODO_RECENT_DONE_MAX, TODOS_DONE_PAGE_DEFAULT, todosResponse } from '#common/api/todos.js';
import { COMPLETED_TODO_VISIBLE_MS } from '#common/journalConstants.js';
import { DEFAULT_TIME_ZONE } from '#common/time.js';
import type { Db } from '../../db/index.js';
import { jsonBoolean, pageAsJson } from '../../db/jsonRows.js';
import type { Dialect } from '../../db/migrationHelpers.js';
import { prepared } from '../../db/prepared.js';
import type { TodosTable } from '../../db/schema.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { dayStartIn, todayInZone } from '../../time/dayStarts.js';

export interface TodoRecord {
  id: number;
  content: string;
  completed: boolean;
  completed_at: string | null;
  created_at: string;
}

export interface TodoFilter {
  /** true: completed todos, a page at a time; false: open todos; absent: open ones plus those done in the last 24 h. */
  completed?: boolean;
  /** true: open todos created before the start of today in `timeZone`. */
  overdue?: boolean;
  /** The done history's page (completed: true): `limit` from `offset`, newest completion first. */
  limit?: number;
  offset?: number;
  /** With completed: true, only todos completed at or after this ISO time. */
  completedSince?: string;
  /** ISO time taken as now (tests); defaults to the clock. */
  now?: string;
  /** The user's IANA zone (UTC when absent). */
  timeZone?: string;
}

type Row = Omit<TodosTable, 'id' | 'user_id'> & { id: number };

const present = (r: Row): TodoRecord => ({
  id: r.id,
  content: r.content,
  completed: r.completed === 1,
  completed_at: r.completed_at,
  created_at: r.created_at,
});

const columns = ['id', 'content', 'completed', 'completed_at', 'created_at'] as const;

// The open lists' reads, compiled once (db/prepared.ts): the list is read on every visit.
const openTodos = (db: Db, userId: number) =>
  db
    .selectFrom('todos')
    .select(columns)
    .where('user_id', '=', userId)
    .where('completed', '=', 0)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(TODO_OPEN_MAX);
const openQuery = prepared<{ userId: number }, Row>((db, p) => openTodos(db, p.userId));
const openBeforeQuery = prepared<{ userId: number; before: string }, Row>((db, p) =>
  openTodos(db, p.userId).where('created_at', '<', p.before),
);
const recentQuery = prepared<{ userId: number; since: string }, Row>((db, p) =>
  db
    .selectFrom('todos')
    .select(columns)
    .where('user_id', '=', p.userId)
    .where('completed', '=', 1)
    .where('completed_at', '>=', p.since)
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TODO_RECENT_DONE_MAX),
);

/**
 * The user's todos. The open lists (the list as shown, open, overdue) are whole, open before
 * completed, then by creation time, and bounded by TODO_OPEN_MAX (and TODO_RECENT_DONE_MAX of
 * the recently done); the done history is a page, newest completion first, ties by id.
 */
export async function listTodos(db: Db, userId: number, filter: TodoFilter = {}): Promise<TodoRecord[]> {
  const now = filter.now ? Date.parse(filter.now) : Date.now();
  if (isDonePage(filter)) return (await donePage(db, userId, filter).execute()).map(present);
  if (filter.completed === undefined && !filter.overdue) {
    // The list as shown: open todos, then those completed in the last 24 h. Read as two index
    // range reads and concatenated (the order puts every open todo first anyway): one query
    // with an OR lets SQLite's planner, without statistics, walk the whole done history.
    const since = new Date(now - COMPLETED_TODO_VISIBLE_MS).toISOString();
    const recent = await recentQuery.execute(db, { userId, since });
    recent.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
    return [...(await openQuery.execute(db, { userId })), ...recent].map(present);
  }
  if (filter.completed === true) return []; // overdue todos are open ones
  if (!filter.overdue) return (await openQuery.execute(db, { userId })).map(present);
  const zone = filter.timeZone ?? DEFAULT_TIME_ZONE;
  const before = dayStartIn(todayInZone(zone, now), zone);
  return (await openBeforeQuery.execute(db, { userId, before })).map(present);
}

const isDonePage = (filter: TodoFilter) => filter.completed === true && !filter.overdue;

/** A page of the done history, newest completion first, ties by id. */
function donePage(db: Db, userId: number, filter: TodoFilter) {
  let q = db.selectFrom('todos').select(columns).where('user_id', '=', userId).where('completed', '=', 1);
  if (filter.completedSince) q = q.where('completed_at', '>=', filter.completedSince);
  return q
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? TODOS_DONE_PAGE_DEFAULT)
    .offset(filter.offset ?? 0);
}

/** A todo's properties in the answer's order (`todo`), as `present` writes them. */
const todoFields = ['id', 'content', ['completed', jsonBoolean('completed')], 'completed_at', 'created_at'] as const;
const writeTodos = compileResponseSerializer(todosResponse);

/**
 * `listTodos` as the answer's JSON text. On SQLite the done history's pages (up to 500 todos)
 * are written by the database itself (`db/jsonRows.ts`); the other lists, and every list on
 * PostgreSQL, by the route's serialiser.
 */
export async function listTodosJson(db: Db, dialect: Dialect, userId: number, filter: TodoFilter): Promise<string> {
  if (dialect !== 'sqlite' || !isDonePage(filter)) return writeTodos(await listTodos(db, userId, filter));
  const page = pageAsJson(donePage(db, userId, filter), todoFields);
  return (await page.execute(db)).rows[0]?.json ?? '[]';
}

export async function getTodo(db: Db, userId: number, id: number): Promise<TodoRecord | undefined> {
  const row = await db
    .selectFrom('todos')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? present(row) : undefined;
}

/** A new todo's row, done at `now` when it is created completed. */
const newRow = (userId: number, t: { content: string; completed: boolean }, now: string) => ({
  user_id: userId,
  content: t.content,
  completed: t.completed ? 1 : 0,
  completed_at: t.completed ? now : null,
  created_at: now,
});

// Every added todo (the list, the checklist's new lines, MCP): compiled once (db/prepared.ts).
const insertQuery = prepared<ReturnType<typeof newRow>, Row>((db, p) =>
  db
    .insertInto('todos')
    .values({
      user_id: p.user_id,
      content: p.content,
      completed: p.completed,
      completed_at: p.completed_at,
      created_at: p.created_at,
    })
    .returning(columns),
);

export async function insertTodo(
  db: Db,
  userId: number,
  t: { content: string; completed: boolean; now: string },
): Promise<TodoRecord> {
  return present(await insertQuery.executeTakeFirstOrThrow(db, newRow(userId, t, t.now)));
}

/** Changes a todo and returns it as stored; undefined when it is not the user's. */
export async function updateTodo(
  db: Db,
  userId: number,
  id: number,
  set: { content?: string; completed?: number; completed_at?: string | null },
): Promise<TodoRecord | undefined> {
  const row = await db
    .updateTable('todos')
    .set(set)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ? present(row) : undefined;
}

export async function deleteTodo(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('todos').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Adds several todos in one statement; ids follow the given order. */
export async function insertTodos(
  db: Db,
  userId: number,
  todos: ReadonlyArray<{ content: string; completed: boolean }>,
  now: string,
): Promise<void> {
  if (todos.length === 0) return;
  const rows = todos.map((t) => newRow(userId, t, now));
  // Chunks keep every statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('todos')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function setCompleted(db: Db, userId: number, ids: number[], completed: boolean, now: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('todos')
    .set({ completed: completed ? 1 : 0, completed_at: completed ? now : null })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

export async function deleteTodos(db: Db, userId: number, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom('todos')
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

const openPastQuery = prepared<{ userId: number; max: number }, { id: number }>((db, p) =>
  db.selectFrom('todos').select('id').where('user_id', '=', p.userId).where('completed', '=', 0).limit(1).offset(p.max),
);

/** Whether the user has more than `max` open todos (reads at most one row past it). */
export async function openOverLimit(db: Db, userId: number, max = TODO_OPEN_MAX): Promise<boolean> {
  if (max < 0) return true;
  return (await openPastQuery.executeTakeFirst(db, { userId, max })) !== undefined;
}
