import type { Kysely } from 'kysely';
import { dialectOf, reorderSqliteColumns } from '../migrationHelpers.js';

/** The columns of `transcripts` before this migration, in their order then. */
const COLUMNS = {
  id: '"id" integer primary key autoincrement',
  user_id: '"user_id" integer not null references "users" ("id") on delete cascade',
  date: '"date" text not null',
  title: '"title" text not null',
  content: '"content" text not null',
  context: '"context" text',
  transcript_type: `"transcript_type" text default 'impromptu' not null`,
  google_event_id: '"google_event_id" text',
  google_event_etag: '"google_event_etag" text',
  google_recurring_event_id: '"google_recurring_event_id" text',
  created_at: '"created_at" text not null',
  event_start: '"event_start" text',
  characters: '"characters" integer default 0 not null',
  excerpt: `"excerpt" text default '' not null`,
};

/**
 * SQLite: a transcript's text moves to the end of its row. A row keeps its first 4 KB in the
 * table's page and the rest in a chain of overflow pages, and a column after a long text can only
 * be read by walking that chain: the summaries of the lists (title, date, length, opening…) came
 * after the text, so a page of 200 two-hour meetings read some 30 MB to show 45 KB (10 ms, now
 * 0.5 ms). PostgreSQL keeps long texts out of the row already (TOAST): nothing to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  const { content, ...rest } = COLUMNS;
  await reorderSqliteColumns(db, 'transcripts', [...Object.values(rest), content]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await reorderSqliteColumns(db, 'transcripts', Object.values(COLUMNS));
}
