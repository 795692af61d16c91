import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { ACTIVITY_LIMITS } from '#common/api/activities.js';
import { DATA_TEXT, EXPORT_FORMAT, EXPORT_SCHEMA_VERSION, type ImportReport } from '#common/api/dataTransfer.js';
import { timeZoneName } from '#common/api/dates.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { isGzip } from '../activities/read/index.js';
import { assertOpenWithinLimit } from '../todos/service.js';
import { anyDb } from './anyDb.js';
import { EXPORTED_TABLES, type Row, rowSchema, type TableSpec } from './tables.js';

/** daymark.json may unpack to at most this many bytes (a zip bomb is refused before inflating). */
const MAX_JSON_BYTES = 512 * 1024 * 1024;
const MAX_REASONS = 100;
/** The folder of the files that belong to rows (an activity's original file). */
const ROW_FILES = 'activities/';

export interface ExportDoc {
  schemaVersion: number;
  /** The zip's files that belong to rows (activities/<fingerprint>/<file>.gz), by name. */
  files: Record<string, Uint8Array>;
  tables: Record<string, unknown>;
  /** The exporting account's time zone, as written (checked when the import is planned). */
  timezone: unknown;
}

/** The report's name for the account's settings (its time zone), beside the tables. */
export const ACCOUNT = 'account';

/** Reads daymark.json out of an export zip; anything else is a 400 with a clear message. */
export function readExport(zip: Uint8Array): ExportDoc {
  if (zip.length < 4 || zip[0] !== 0x50 || zip[1] !== 0x4b) throw new HttpError(400, DATA_TEXT.notZip);
  let files: Record<string, Uint8Array>;
  let declared = 0;
  let fileCount = 0;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (f.name.startsWith(ROW_FILES) && !f.name.includes('..')) {
          fileCount++;
          return fileCount <= ACTIVITY_LIMITS.filesPerExport && f.originalSize <= ACTIVITY_LIMITS.fileBytes;
        }
        if (f.name !== 'daymark.json') return false;
        declared = f.originalSize;
        return f.originalSize <= MAX_JSON_BYTES;
      },
    });
  } catch {
    throw new HttpError(400, DATA_TEXT.damaged);
  }
  const json = files['daymark.json'];
  const rowFiles: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(files)) if (name.startsWith(ROW_FILES)) rowFiles[name] = data;
  if (!json) throw new HttpError(400, declared > MAX_JSON_BYTES ? DATA_TEXT.damaged : DATA_TEXT.noManifest);
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw new HttpError(400, DATA_TEXT.badJson);
  }
  if (!doc || typeof doc !== 'object' || (doc as Row).format !== EXPORT_FORMAT) {
    throw new HttpError(400, DATA_TEXT.notExport);
  }
  const { schemaVersion, tables, account } = doc as Row;
  if (schemaVersion !== EXPORT_SCHEMA_VERSION) {
    throw new HttpError(400, DATA_TEXT.foreignVersion(schemaVersion, EXPORT_SCHEMA_VERSION));
  }
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) throw new HttpError(400, DATA_TEXT.notExport);
  const timezone = account && typeof account === 'object' ? (account as Row).timezone : undefined;
  return { schemaVersion, tables: tables as Record<string, unknown>, timezone, files: rowFiles };
}

interface Plan {
  report: ImportReport;
  /** Per table, the rows to add, validated (a child still names its parent by key). */
  adds: Map<string, Row[]>;
}

/** The user's existing rows of a table by key, with their ids (children keyed through their parent). */
async function existingKeys(
  db: Kysely<unknown>,
  spec: TableSpec,
  userId: number,
  parentKeyById: Map<string, Map<number, string>>,
) {
  const columns = ['id', ...Object.keys(spec.columns), ...(spec.parent ? [spec.parent.column] : [])];
  let query = anyDb(db).selectFrom(spec.name).select(columns).where('user_id', '=', userId);
  if (spec.only) query = query.where(spec.only.column, 'in', spec.only.in);
  const rows = (await query.execute()) as Row[];
  const idByKey = new Map<string, number>();
  const keyById = new Map<number, string>();
  for (const row of rows) {
    if (spec.parent) row[spec.parent.as] = parentKeyById.get(spec.parent.table)?.get(Number(row[spec.parent.column]));
    const key = spec.key(row);
    idByKey.set(key, Number(row.id));
    keyById.set(Number(row.id), key);
  }
  return { idByKey, keyById };
}

/** What importing the document would do: rows added, skipped as already present, rejected and why. */
async function planImport(db: Kysely<unknown>, userId: number, doc: ExportDoc, dryRun: boolean): Promise<Plan> {
  const report: ImportReport = { dryRun, schemaVersion: doc.schemaVersion, tables: {}, rejected: [], timezone: null };
  const adds = new Map<string, Row[]>();
  const parentKeyById = new Map<string, Map<number, string>>();
  const knownKeys = new Map<string, Set<string>>();
  const reject = (table: string, row: number, reason: string) => {
    const counts = report.tables[table];
    if (counts) counts.rejected++;
    if (report.rejected.length < MAX_REASONS) report.rejected.push({ table, row, reason: reason.slice(0, 300) });
  };

  for (const spec of EXPORTED_TABLES) {
    const counts = { added: 0, skipped: 0, rejected: 0 };
    report.tables[spec.name] = counts;
    const { idByKey, keyById } = await existingKeys(db, spec, userId, parentKeyById);
    parentKeyById.set(spec.name, keyById);
    const keys = new Set(idByKey.keys());
    knownKeys.set(spec.name, keys);
    const schema = rowSchema(spec);
    const rows = doc.tables[spec.name] ?? [];
    const toAdd: Row[] = [];
    adds.set(spec.name, toAdd);
    if (!Array.isArray(rows)) {
      reject(spec.name, 0, `${spec.name} is not a list of rows`);
      continue;
    }
    rows.forEach((raw, i) => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reject(spec.name, i, `${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`);
        return;
      }
      const row = parsed.data as Row;
      const problem = spec.check?.(row);
      if (problem) {
        reject(spec.name, i, problem);
        return;
      }
      if (spec.parent && !knownKeys.get(spec.parent.table)?.has(String(row[spec.parent.as]))) {
        reject(spec.name, i, `its ${spec.parent.as} is not in the export`);
        return;
      }
      const key = spec.key(row);
      if (keys.has(key)) {
        counts.skipped++;
        return;
      }
      keys.add(key);
      toAdd.push(row);
      counts.added++;
    });
  }
  await planTimeZone(db, userId, doc, report, reject);
  return { report, adds };
}

/**
 * The export's time zone replaces the account's when they differ (the review shows the change
 * before anything is written); an export without one leaves the account's as it is.
 */
async function planTimeZone(
  db: Kysely<unknown>,
  userId: number,
  doc: ExportDoc,
  report: ImportReport,
  reject: (table: string, row: number, reason: string) => void,
) {
  if (doc.timezone === undefined || doc.timezone === null) return;
  const counts = { added: 0, skipped: 0, rejected: 0 };
  report.tables[ACCOUNT] = counts;
  const zone = timeZoneName.safeParse(doc.timezone);
  if (!zone.success) {
    reject(ACCOUNT, 0, `timezone: ${zone.error.issues[0]?.message ?? 'not a time zone'}`);
    return;
  }
  const user = (await anyDb(db).selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst()) as
    | { timezone: string | null }
    | undefined;
  const current = user?.timezone ?? null;
  if (current === zone.data) {
    counts.skipped++;
    return;
  }
  counts.added++;
  report.timezone = { from: current, to: zone.data };
}

/** Writes the planned rows in one transaction; children get their parents' new or existing ids. */
async function applyPlan(
  trx: Kysely<unknown>,
  userId: number,
  adds: Map<string, Row[]>,
  now: Date,
  files: Map<string, Uint8Array>,
) {
  const idByKey = new Map<string, Map<string, number>>();
  for (const spec of EXPORTED_TABLES) {
    const ids = (await existingKeys(trx, spec, userId, new Map())).idByKey;
    // Children's keys include their parent's key; recompute them against the parents' keys.
    if (spec.parent) ids.clear();
    idByKey.set(spec.name, ids);
    for (const row of adds.get(spec.name) ?? []) {
      const values: Row = { user_id: userId };
      for (const c of Object.keys(spec.columns)) values[c] = row[c];
      Object.assign(values, spec.derived?.(row, now));
      if (spec.parent) {
        const parentId = idByKey.get(spec.parent.table)?.get(String(row[spec.parent.as]));
        if (parentId === undefined) continue;
        values[spec.parent.column] = parentId;
      }
      for (const c of spec.globallyUnique ?? []) {
        const taken = await anyDb(trx).selectFrom(spec.name).select('id').where(c, '=', values[c]).executeTakeFirst();
        if (taken) values[c] = randomUUID();
      }
      const inserted = await anyDb(trx).insertInto(spec.name).values(values).returning('id').executeTakeFirstOrThrow();
      ids.set(spec.key(row), Number(inserted.id));
      if (spec.file) await attachFile(trx, userId, spec.file, row, Number(inserted.id), files);
    }
  }
}

/** Keeps the row's own file from the zip (gzipped, as exported), when the export has one. */
async function attachFile(
  trx: Kysely<unknown>,
  userId: number,
  file: NonNullable<TableSpec['file']>,
  row: Row,
  id: number,
  files: Map<string, Uint8Array>,
) {
  const data = files.get(file.folder(row));
  // Only a gzip is kept: the file is given back as it came.
  if (!isGzip(data)) return;
  await anyDb(trx)
    .insertInto(file.table)
    .values({ user_id: userId, [file.column]: id, data: Buffer.from(data).toString('base64') })
    .execute();
}

/** Imports an export into the user's account (or, with dryRun, only reports what it would do). */
export async function importExport(
  db: Db,
  userId: number,
  doc: ExportDoc,
  dryRun: boolean,
  now: Date = new Date(),
): Promise<ImportReport> {
  if (dryRun) {
    const plan = await planImport(anyDb(db), userId, doc, true);
    // Told now, not only by the real import: it would leave more open todos than the list holds.
    await assertOpenWithinLimit(db, userId, (plan.adds.get('todos') ?? []).filter((r) => !r.completed).length);
    return plan.report;
  }
  return db.transaction().execute(async (trx) => {
    const plan = await planImport(anyDb(trx), userId, doc, false);
    // The row files by their folder (activities/<fingerprint>/), the part a row names.
    const byFolder = new Map(
      Object.entries(doc.files).map(([name, data]) => [name.slice(0, name.lastIndexOf('/') + 1), data]),
    );
    await applyPlan(anyDb(trx), userId, plan.adds, now, byFolder);
    if (plan.report.timezone) {
      await anyDb(trx)
        .updateTable('users')
        .set({ timezone: plan.report.timezone.to })
        .where('id', '=', userId)
        .execute();
    }
    // An import that would leave more open todos than the list holds changes nothing.
    await assertOpenWithinLimit(trx, userId);
    return plan.report;
  });
}
