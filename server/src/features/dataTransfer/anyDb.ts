import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * The database without table types, for the code that walks the export's list of tables by
 * name (the list, not the compiler, says which columns exist).
 */
// biome-ignore lint/suspicious/noExplicitAny: tables are chosen at run time from EXPORTED_TABLES
export const anyDb = (db: Db | Kysely<any> | Kysely<unknown>): Kysely<any> => db as Kysely<any>;
