import { TODO_OPEN_MAX, TODOS_OPEN_FULL } from '#common/api/todos.js';
import { planChecklistSync } from '#common/checklistText.js';
import { TODO_MAX_LENGTH, TODO_TEXT } from '#common/journalConstants.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { lockForUser } from '../../db/userLock.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import * as repo from './repo.js';

/**
 * Refuses (409, TODOS_OPEN_FULL) when the user now has more than TODO_OPEN_MAX open todos (or
 * would have, with `adding` more: a dry run that writes nothing). Called
 * inside the transaction of every write that adds or reopens todos, after it: the refusal rolls
 * the write back, so the list as shown (bounded by TODO_OPEN_MAX) always holds every open todo.
 * It counts under the user's todo lock, so that two writes at once cannot both pass the limit.
 */
export async function assertOpenWithinLimit(db: Db, userId: number, adding = 0): Promise<void> {
  await lockForUser(db, 'todos', userId);
  if (await repo.openOverLimit(db, userId, TODO_OPEN_MAX - adding)) throw new HttpError(409, TODOS_OPEN_FULL);
}

export async function createTodo(db: Db, userId: number, content: string, completed = false) {
  const now = nowIso();
  if (completed) return repo.insertTodo(db, userId, { content, completed, now });
  return db.transaction().execute(async (trx) => {
    const created = await repo.insertTodo(trx, userId, { content, completed, now });
    await assertOpenWithinLimit(trx, userId);
    return created;
  });
}

/** Changes completion (stamping completed_at when it turns done) and/or the text. */
export async function updateTodo(db: Db, userId: number, id: number, patch: { completed?: boolean; content?: string }) {
  const current = await repo.getTodo(db, userId, id);
  if (!current) throw notFound(TODO_TEXT.notFound);
  const set: { content?: string; completed?: number; completed_at?: string | null } = {};
  if (patch.content !== undefined) set.content = patch.content;
  if (patch.completed !== undefined && patch.completed !== current.completed) {
    set.completed = patch.completed ? 1 : 0;
    set.completed_at = patch.completed ? nowIso() : null;
  }
  if (!Object.keys(set).length) return current;
  const reopens = set.completed === 0;
  const updated = reopens
    ? await db.transaction().execute(async (trx) => {
        const row = await repo.updateTodo(trx, userId, id, set);
        await assertOpenWithinLimit(trx, userId);
        return row;
      })
    : await repo.updateTodo(db, userId, id, set);
  if (!updated) throw notFound(TODO_TEXT.notFound);
  return updated;
}

export async function deleteTodo(db: Db, userId: number, id: number) {
  if (!(await repo.deleteTodo(db, userId, id))) throw notFound(TODO_TEXT.notFound);
}

/**
 * Applies a whole edited checklist in one transaction and returns the new list: the text is
 * reconciled with the list as shown (todos hidden 24 h after completion are left alone), so
 * saving a long list is one request and a failure changes nothing.
 */
export async function applyChecklist(db: Db, userId: number, text: string) {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await lockForUser(trx, 'todos', userId);
    const plan = planChecklistSync(text, await repo.listTodos(trx, userId, { now }));
    const tooLong = plan.create.find((l) => l.content.length > TODO_MAX_LENGTH);
    if (tooLong)
      throw badRequest(`A todo can be at most ${TODO_MAX_LENGTH} characters: ${tooLong.content.slice(0, 40)}…`);
    await repo.deleteTodos(trx, userId, plan.remove);
    for (const completed of [true, false]) {
      const ids = plan.toggle.filter((t) => t.completed === completed).map((t) => t.id);
      await repo.setCompleted(trx, userId, ids, completed, now);
    }
    await repo.insertTodos(trx, userId, plan.create, now);
    await assertOpenWithinLimit(trx, userId);
  });
  return repo.listTodos(db, userId);
}

/** Adds several todos at once, in order, in one transaction; returns them. */
export async function createTodos(db: Db, userId: number, contents: string[]) {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const created = [];
    for (const content of contents)
      created.push(await repo.insertTodo(trx, userId, { content, completed: false, now }));
    await assertOpenWithinLimit(trx, userId);
    return created;
  });
}
