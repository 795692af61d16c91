import type { Kysely } from 'kysely';

/** Each user's IANA time zone; null until the browser reports it on the first sign-in (UTC meanwhile). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('timezone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('timezone').execute();
}
