import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION } from '#common/api/dataTransfer.js';
import type { Db } from '../../db/index.js';
import { anyDb } from './anyDb.js';
import { journalFile, todosFile, transcriptFile, workoutFile } from './markdown.js';
import { EXPORTED_TABLES, type Row, type TableSpec } from './tables.js';

const PAGE = 500;
const encoder = new TextEncoder();

export interface ExportUser {
  id: number;
  username: string;
  timeZone: string;
}

/** The user's rows of a table in pages of PAGE, by id, with the columns the export lists. */
async function* rowsOf(db: Db, spec: TableSpec, userId: number): AsyncGenerator<Array<Row & { id: number }>> {
  const columns = ['id', ...Object.keys(spec.columns), ...(spec.parent ? [spec.parent.column] : [])];
  let after = 0;
  for (;;) {
    let query = anyDb(db).selectFrom(spec.name).select(columns).where('user_id', '=', userId);
    if (spec.only) query = query.where(spec.only.column, 'in', spec.only.in);
    const page = (await query.where('id', '>', after).orderBy('id').limit(PAGE).execute()) as Array<
      Row & { id: number }
    >;
    if (page.length === 0) return;
    yield page;
    after = Number(page[page.length - 1]?.id);
    if (page.length < PAGE) return;
  }
}

/**
 * The user's whole account as a zip, produced while it is sent: `daymark.json` (every table of
 * EXPORTED_TABLES and the account's time zone, with the schema version) and readable Markdown. Memory stays bounded: rows
 * are read a page at a time and the writer waits when the reader is slower.
 */
export function exportZip(db: Db, user: ExportUser, now: Date = new Date()): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const drained = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  const produce = async () => {
    const json = new ZipDeflate('daymark.json', { level: 6 });
    zip.add(json);
    const write = async (s: string) => {
      json.push(encoder.encode(s));
      await drained();
    };
    // The zone the user set (null when none was ever set: an import then leaves the account's as it is).
    const account = await db.selectFrom('users').select('timezone').where('id', '=', user.id).executeTakeFirst();
    const header = {
      format: EXPORT_FORMAT,
      schemaVersion: EXPORT_SCHEMA_VERSION,
      exportedAt: now.toISOString(),
      account: { username: user.username, timezone: account?.timezone ?? null },
    };
    await write(`${JSON.stringify(header).slice(0, -1)},"tables":{`);
    const parentKeys = new Map<string, Map<number, string>>();
    for (const [t, spec] of EXPORTED_TABLES.entries()) {
      await write(`${t ? ',' : ''}${JSON.stringify(spec.name)}:[`);
      const keys = new Map<number, string>();
      let first = true;
      for await (const page of rowsOf(db, spec, user.id)) {
        const parts: string[] = [];
        for (const row of page) {
          const out: Row = {};
          for (const c of Object.keys(spec.columns)) out[c] = row[c];
          if (spec.parent)
            out[spec.parent.as] = parentKeys.get(spec.parent.table)?.get(Number(row[spec.parent.column]));
          keys.set(row.id, spec.key(out));
          parts.push(JSON.stringify(out));
        }
        await write(`${first ? '' : ','}${parts.join(',')}`);
        first = false;
      }
      parentKeys.set(spec.name, keys);
      await write(']');
    }
    json.push(encoder.encode('}}\n'), true);
    await drained();
    await writeMarkdown(db, user.id, zip, drained);
    await writeFiles(db, user.id, zip, drained);
    zip.end();
  };
  produce().catch((err) => out.destroy(err));
  return out;
}

/** Each table's files of their own (an activity's original), a few at a time, stored as they are kept (gzipped). */
async function writeFiles(db: Db, userId: number, zip: Zip, drained: () => Promise<void>) {
  for (const spec of EXPORTED_TABLES) {
    const file = spec.file;
    if (!file) continue;
    let after = 0;
    for (;;) {
      const page = (await anyDb(db)
        .selectFrom(`${file.table} as f`)
        .innerJoin(`${spec.name} as r`, 'r.id', `f.${file.column}`)
        .select(['f.id as file_id', 'f.data', 'r.fingerprint', 'r.file_name'])
        .where('f.user_id', '=', userId)
        .where('f.id', '>', after)
        .orderBy('f.id')
        .limit(FILE_PAGE)
        .execute()) as Array<Row & { file_id: number; data: string }>;
      for (const row of page) {
        const base = String(row.file_name).split('/').pop()?.replace(/\.gz$/i, '') || 'file';
        const entry = new ZipPassThrough(`${file.folder(row)}${base.replace(/[^\w.-]+/g, '_')}.gz`);
        zip.add(entry);
        entry.push(new Uint8Array(Buffer.from(row.data, 'base64')), true);
        await drained();
      }
      if (page.length < FILE_PAGE) break;
      after = Number(page[page.length - 1]?.file_id);
    }
  }
}
const FILE_PAGE = 20;

function addFile(zip: Zip, name: string, text: string) {
  const file = new ZipDeflate(name, { level: 6 });
  zip.add(file);
  file.push(encoder.encode(text), true);
}

const spec = (name: string) => EXPORTED_TABLES.find((t) => t.name === name) as TableSpec;

async function writeMarkdown(db: Db, userId: number, zip: Zip, drained: () => Promise<void>) {
  for await (const page of rowsOf(db, spec('journal_entries'), userId)) {
    for (const row of page) {
      const f = journalFile(row, row.id);
      addFile(zip, f.name, f.text);
    }
    await drained();
  }
  for await (const page of rowsOf(db, spec('transcripts'), userId)) {
    for (const row of page) {
      const f = transcriptFile(row, row.id);
      addFile(zip, f.name, f.text);
    }
    await drained();
  }
  const todos: Row[] = [];
  for await (const page of rowsOf(db, spec('todos'), userId)) todos.push(...page);
  addFile(zip, 'todos.md', todosFile(todos));
  // Plans and logs are one per date: a year of them is small enough to pair in memory.
  const plans = new Map<string, Row>();
  for await (const page of rowsOf(db, spec('workout_plans'), userId))
    for (const r of page) if (r.replaced_at === null || r.replaced_at === undefined) plans.set(String(r.date), r);
  const logs = new Map<string, Row>();
  for await (const page of rowsOf(db, spec('workout_logs'), userId)) for (const r of page) logs.set(String(r.date), r);
  for (const date of [...new Set([...plans.keys(), ...logs.keys()])].sort()) {
    addFile(zip, `workouts/${date}.md`, workoutFile(date, plans.get(date), logs.get(date)));
    await drained();
  }
}
