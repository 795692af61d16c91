import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';

/**
 * One property of a row written by the database: a column of the page, by name, written as it is
 * (text as a JSON string, an integer as a number, NULL as null), or an expression over the
 * page's columns (`pageColumn`, `jsonBoolean`, `sql` fragments) under a name of its own.
 */
export type JsonField = string | readonly [name: string, value: RawBuilder<unknown>];

/** A column of the page a JSON array is built from. */
export const pageColumn = (column: string) => sql.ref(`page.${column}`);

/** A 0/1 column of the page written as a JSON boolean. */
export const jsonBoolean = (column: string) => sql`iif(${pageColumn(column)} = 1, json('true'), json('false'))`;

/**
 * A statement answering one row, `json`: the rows of `page` as one JSON array text, `[{"a":…,"b":…},…]`, written by SQLite's JSON
 * functions from the rows as they are read (SQLite only). For the longest lists: making each row
 * a JavaScript object (every text a new string), then writing them out again, costs two to three
 * times the whole read; SQLite writes the same text from the values it already holds.
 *
 * `fields` are the answer's properties in the answer's order. The array keeps the page's order:
 * a page with a LIMIT is never merged into the aggregate around it, so SQLite runs it as a
 * co-routine and adds its rows as they come. (An ORDER BY inside the aggregate would say so
 * explicitly, but sorts the page again: 0.5 ms of the 1.2 ms a page of 500 takes. The tests of
 * jsonRows and of each list hold the order, ties and pages included.) Strings are escaped as
 * JSON.stringify escapes them (the callers' tests compare the bytes with their serialiser's);
 * the columns written must hold text, integers or NULL, since SQLite writes a REAL in its own
 * notation.
 */
export function pageAsJson(
  // biome-ignore lint/suspicious/noExplicitAny: any page of any table; its columns are named in `fields`.
  page: SelectQueryBuilder<any, any, any>,
  fields: readonly JsonField[],
): RawBuilder<{ json: string }>;
/**
 * With `unwritable`, a condition over the page's columns for rows SQLite must not write (a value
 * only the app can present): the statement also answers `unwritable`, 1 when any row of the page
 * meets it, and the caller then writes that page itself.
 */
export function pageAsJson(
  // biome-ignore lint/suspicious/noExplicitAny: any page of any table; its columns are named in `fields`.
  page: SelectQueryBuilder<any, any, any>,
  fields: readonly JsonField[],
  unwritable: RawBuilder<unknown>,
): RawBuilder<{ json: string; unwritable: number }>;
export function pageAsJson(
  // biome-ignore lint/suspicious/noExplicitAny: any page of any table; its columns are named in `fields`.
  page: SelectQueryBuilder<any, any, any>,
  fields: readonly JsonField[],
  unwritable?: RawBuilder<unknown>,
): RawBuilder<{ json: string; unwritable?: number }> {
  const properties = sql.join(
    fields.map((f) => {
      const [name, value] = typeof f === 'string' ? [f, pageColumn(f)] : f;
      return sql`${sql.lit(name)}, ${value}`;
    }),
  );
  const check = unwritable ? sql`, coalesce(max(${unwritable}), 0) as unwritable` : sql``;
  return sql`select json_group_array(json_object(${properties})) as json${check} from (${page}) as page`;
}
