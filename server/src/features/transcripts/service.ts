import { TRANSCRIPT_TEXT, type TranscriptBody, type transcriptBody } from '#common/api/transcripts.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { notFound } from '../../http/errors.js';
import * as todosRepo from '../todos/repo.js';
import { assertOpenWithinLimit } from '../todos/service.js';
import { proposeActionItems, todoText } from './actionItems.js';
import * as repo from './repo.js';

type Parsed = ReturnType<typeof transcriptBody.parse>;

export type { TranscriptBody };

const fields = (b: Parsed): repo.TranscriptFields => ({
  date: b.date,
  title: b.title,
  content: b.content,
  context: b.context,
  transcript_type: b.transcript_type,
  google_event_id: b.google_event_id,
  google_event_etag: b.google_event_etag,
  google_recurring_event_id: b.google_recurring_event_id,
  event_start: b.event_start,
});

export const create = (db: Db, userId: number, body: Parsed) => repo.insert(db, userId, fields(body), nowIso());

export async function update(db: Db, userId: number, id: number, body: Parsed) {
  const saved = await repo.update(db, userId, id, fields(body));
  if (!saved) throw notFound(TRANSCRIPT_TEXT.notFound);
  return saved;
}

export async function get(db: Db, userId: number, id: number) {
  const t = await repo.get(db, userId, id);
  if (!t) throw notFound(TRANSCRIPT_TEXT.notFound);
  return t;
}

export async function remove(db: Db, userId: number, id: number) {
  if (!(await repo.remove(db, userId, id))) throw notFound(TRANSCRIPT_TEXT.notFound);
}

/** One transaction: either every one of the user's listed transcripts goes, or none does. */
export async function removeMany(db: Db, userId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const deleted = await db.transaction().execute((trx) => repo.removeMany(trx, userId, unique));
  return { deleted };
}

export async function actionItems(ctx: AppContext, userId: number, id: number) {
  return proposeActionItems(ctx, await get(ctx.db, userId, id));
}

/** Creates the ticked items as todos, each naming its meeting, in one transaction. */
export async function confirmActionItems(db: Db, userId: number, id: number, items: readonly string[]) {
  const t = await get(db, userId, id);
  const now = nowIso();
  const todos = await db.transaction().execute(async (trx) => {
    const out = [];
    for (const item of items)
      out.push(await todosRepo.insertTodo(trx, userId, { content: todoText(item, t), completed: false, now }));
    await assertOpenWithinLimit(trx, userId);
    return out;
  });
  return { todos };
}
