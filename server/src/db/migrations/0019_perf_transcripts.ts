import type { Kysely } from 'kysely';
import { TRANSCRIPT_PREVIEW_CHARS } from '#common/api/transcripts.js';
import { dialectOf, sql } from '../migrationHelpers.js';

/**
 * Each transcript keeps its text's length and opening beside the text, so lists (which carry
 * summaries, not texts) read two short columns instead of counting the characters of every
 * text on every read: a page of 100 meetings of 150 KB each is 15 MB to count. Kept in step by
 * triggers, like the search index, so every write path (the API, the MCP tools, data import)
 * fills them in its own transaction. Both databases count characters (Unicode code points).
 */
const LENGTH = 'length(content)';
const EXCERPT = `substr(content, 1, ${TRANSCRIPT_PREVIEW_CHARS})`;
const from = (alias: string, expr: string) => expr.replace('content', `${alias}.content`);

/** The search index's update trigger of 0012, on any column (restored by `down`). */
const SEARCH_BODY =
  "DELETE FROM search_index WHERE rowid = old.id * 3 + 1; INSERT INTO search_index(rowid, title, body, user_id, kind, ref_id, date) VALUES (new.id * 3 + 1, new.title, new.content || coalesce(' ' || new.context, ''), new.user_id, 'transcript', new.id, new.date);";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transcripts')
    .addColumn('characters', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('transcripts')
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql.raw(`UPDATE transcripts SET characters = ${LENGTH}, excerpt = ${EXCERPT}`).execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION transcripts_summary() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.characters := ${from('NEW', LENGTH)};
        NEW.excerpt := ${from('NEW', EXCERPT)};
        RETURN NEW;
      END $$`)
      .execute(db);
    await sql
      .raw(
        'CREATE TRIGGER transcripts_summary BEFORE INSERT OR UPDATE ON transcripts FOR EACH ROW EXECUTE FUNCTION transcripts_summary()',
      )
      .execute(db);
    return;
  }
  // SQLite cannot change the row being written: the triggers update it once it is written.
  const set = `UPDATE transcripts SET characters = ${from('new', LENGTH)}, excerpt = ${from('new', EXCERPT)} WHERE id = new.id`;
  await sql.raw(`CREATE TRIGGER transcripts_summary_ai AFTER INSERT ON transcripts BEGIN ${set}; END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER transcripts_summary_au AFTER UPDATE OF content ON transcripts BEGIN ${set}; END`)
    .execute(db);
  // That update must not re-index the whole text for search: the index follows its own columns only.
  await sql.raw('DROP TRIGGER transcripts_search_au').execute(db);
  await sql
    .raw(
      `CREATE TRIGGER transcripts_search_au AFTER UPDATE OF user_id, date, title, content, context ON transcripts BEGIN ${SEARCH_BODY} END`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('DROP TRIGGER IF EXISTS transcripts_summary ON transcripts').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS transcripts_summary()').execute(db);
  } else {
    for (const t of ['ai', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS transcripts_summary_${t}`).execute(db);
    await sql.raw('DROP TRIGGER transcripts_search_au').execute(db);
    await sql
      .raw(`CREATE TRIGGER transcripts_search_au AFTER UPDATE ON transcripts BEGIN ${SEARCH_BODY} END`)
      .execute(db);
  }
  await db.schema.alterTable('transcripts').dropColumn('excerpt').execute();
  await db.schema.alterTable('transcripts').dropColumn('characters').execute();
}
