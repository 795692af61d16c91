import type { Db } from '../../db/index.js';
import { pageAsJson } from '../../db/jsonRows.js';
import { prepared } from '../../db/prepared.js';

const conversationColumns = ['id', 'conversation_uuid', 'coach_type', 'title', 'created_at', 'updated_at'] as const;

type ConversationsPage = { limit: number; offset: number; coachTypes?: string[] | undefined };
type PageParams = { userId: number; limit: number; offset: number };

type ConversationRow = {
  id: number;
  conversation_uuid: string;
  coach_type: string;
  title: string | null;
  created_at: string;
  updated_at: string;
};

/** A page of the user's conversations (of some coaches), most recently updated first, id breaking ties. */
const pageOf = (db: Db, p: PageParams, coachTypes?: string[]) => {
  let q = db.selectFrom('coach_conversations').select(conversationColumns).where('user_id', '=', p.userId);
  if (coachTypes) q = q.where('coach_type', 'in', coachTypes);
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(p.limit).offset(p.offset);
};

/** The history's properties in the answer's order (`conversation`). */
const conversationFields = ['conversation_uuid', 'coach_type', 'title', 'created_at', 'updated_at'];

// The history's pages, as rows and as JSON: compiled once (db/prepared.ts).
const conversationsQuery = prepared<PageParams, ConversationRow>((db, p) => pageOf(db, p));
const conversationsJsonQuery = prepared<PageParams, { json: string }>((db, p) =>
  pageAsJson(pageOf(db, p), conversationFields),
);

/** A page of the user's conversations, most recently updated first (id breaks ties, so pages never overlap). */
export function listConversations(db: Db, userId: number, page: ConversationsPage) {
  const p = { userId, limit: page.limit, offset: page.offset };
  if (!page.coachTypes?.length) return conversationsQuery.execute(db, p);
  return pageOf(db, p, page.coachTypes).execute();
}

/**
 * The same page as the answer's JSON text, written by SQLite (`db/jsonRows.ts`): for a page of
 * 500 that is a third of the work of reading it as rows and writing them out again.
 */
export async function listConversationsJson(db: Db, userId: number, page: ConversationsPage): Promise<string> {
  const p = { userId, limit: page.limit, offset: page.offset };
  const rows = page.coachTypes?.length
    ? (await pageAsJson(pageOf(db, p, page.coachTypes), conversationFields).execute(db)).rows
    : await conversationsJsonQuery.execute(db, p);
  return rows[0]?.json ?? '[]';
}

// The read of an open conversation: compiled once.
const conversationQuery = prepared<{ userId: number; uuid: string }, ConversationRow>((db, p) =>
  db
    .selectFrom('coach_conversations')
    .select(conversationColumns)
    .where('user_id', '=', p.userId)
    .where('conversation_uuid', '=', p.uuid),
);
type MessageRow = { role: string; content: string; thoughts: string | null; created_at: string };
const messagesWindowQuery = prepared<
  { userId: number; conversationId: number; last: number; skip: number },
  MessageRow
>((db, p) =>
  db
    .selectFrom('coach_messages')
    .select(['role', 'content', 'thoughts', 'created_at'])
    .where('user_id', '=', p.userId)
    .where('conversation_id', '=', p.conversationId)
    .orderBy('id', 'desc')
    .limit(p.last)
    .offset(p.skip),
);

export function findConversation(db: Db, userId: number, uuid: string) {
  return conversationQuery.executeTakeFirst(db, { userId, uuid });
}

export async function insertConversation(
  db: Db,
  userId: number,
  c: { conversation_uuid: string; coach_type: string; title: string | null; now: string },
) {
  const row = await db
    .insertInto('coach_conversations')
    .values({
      user_id: userId,
      conversation_uuid: c.conversation_uuid,
      coach_type: c.coach_type,
      title: c.title,
      created_at: c.now,
      updated_at: c.now,
    })
    .returning(conversationColumns)
    .executeTakeFirstOrThrow();
  return row;
}

/** Renames one of the user's conversations; returns it renamed, or undefined when it is not theirs. */
export function setTitle(db: Db, userId: number, uuid: string, title: string) {
  return db
    .updateTable('coach_conversations')
    .set({ title })
    .where('user_id', '=', userId)
    .where('conversation_uuid', '=', uuid)
    .returning(conversationColumns)
    .executeTakeFirst();
}

export async function touchConversation(db: Db, userId: number, id: number, now: string) {
  await db
    .updateTable('coach_conversations')
    .set({ updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteConversation(db: Db, userId: number, uuid: string) {
  const res = await db
    .deleteFrom('coach_conversations')
    .where('user_id', '=', userId)
    .where('conversation_uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Deletes the user's conversations among `uuids` (their messages cascade); returns how many went. */
export async function deleteConversations(db: Db, userId: number, uuids: readonly string[]) {
  let deleted = 0;
  for (let i = 0; i < uuids.length; i += 500) {
    const res = await db
      .deleteFrom('coach_conversations')
      .where('user_id', '=', userId)
      .where('conversation_uuid', 'in', uuids.slice(i, i + 500))
      .executeTakeFirst();
    deleted += Number(res.numDeletedRows);
  }
  return deleted;
}

/**
 * A conversation's messages, oldest first: the latest `last` (all without it), after skipping the
 * `skip` newest.
 */
export async function listMessages(
  db: Db,
  userId: number,
  conversationId: number,
  opts: { last?: number; skip?: number } = {},
): Promise<MessageRow[]> {
  if (opts.last !== undefined)
    return (
      await messagesWindowQuery.execute(db, { userId, conversationId, last: opts.last, skip: opts.skip ?? 0 })
    ).reverse();
  let query = db
    .selectFrom('coach_messages')
    .select(['role', 'content', 'thoughts', 'created_at'])
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc');
  if (opts.last !== undefined) query = query.limit(opts.last);
  if (opts.skip) query = query.offset(opts.skip);
  return (await query.execute()).reverse();
}

export async function insertMessage(
  db: Db,
  userId: number,
  m: { conversation_id: number; role: 'user' | 'assistant'; content: string; thoughts: string | null; now: string },
) {
  await db
    .insertInto('coach_messages')
    .values({
      user_id: userId,
      conversation_id: m.conversation_id,
      role: m.role,
      content: m.content,
      thoughts: m.thoughts,
      created_at: m.now,
    })
    .execute();
}

export interface MetaRow {
  meta_content: string;
  base_prompt: string;
  system_prompt_addition: string;
}

// Read by every coach reply and the meta screen: compiled once (db/prepared.ts).
const metaQuery = prepared<{ userId: number; coachType: string }, MetaRow>((db, p) =>
  db
    .selectFrom('coach_meta')
    .select(['meta_content', 'base_prompt', 'system_prompt_addition'])
    .where('user_id', '=', p.userId)
    .where('coach_type', '=', p.coachType),
);

export function findMeta(db: Db, userId: number, coachType: string): Promise<MetaRow | undefined> {
  return metaQuery.executeTakeFirst(db, { userId, coachType });
}

export async function upsertMeta(
  db: Db,
  userId: number,
  coachType: string,
  m: { meta_content: string; base_prompt: string; system_prompt_addition: string; now: string },
) {
  const values = {
    meta_content: m.meta_content,
    base_prompt: m.base_prompt,
    system_prompt_addition: m.system_prompt_addition,
    updated_at: m.now,
  };
  await db
    .insertInto('coach_meta')
    .values({ user_id: userId, coach_type: coachType, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'coach_type']).doUpdateSet(values))
    .execute();
}
