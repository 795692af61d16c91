import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { activityLine } from '#common/activityFigures.js';
import { ACTIVITY_LIMITS, type ImportDone, type ImportFailure } from '#common/api/activities.js';
import { dateInZone } from '#common/time.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { HttpError } from '../../http/errors.js';
import { readExport } from './read/export.js';
import { ActivityFileError, formatMb, isGzip, type ParsedActivity, parseActivityFile } from './read/index.js';
import { insertActivity } from './repo.js';

/** The user an import is for: their activities are dated in their zone. */
export interface ImportUser {
  id: number;
  timeZone: string;
}

/**
 * What makes two imports the same activity: its start (to the second), its sport and the device
 * that recorded it, so the same file imported again, or its copy inside an export, adds nothing.
 */
export function fingerprintOf(a: Pick<ParsedActivity, 'startAt' | 'sport' | 'device'>): string {
  const start = new Date(Math.floor(a.startAt.getTime() / 1000) * 1000).toISOString();
  return createHash('sha256')
    .update(`${start}|${a.sport}|${a.device ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

type Outcome = 'imported' | 'attached' | 'duplicate';

/**
 * Stores one parsed activity with its original file. The day's workout log, when the user wrote
 * one, is left as it is (the activity is attached to it by its date); without one, a log naming the
 * activity is written for the day, so the log and the history show the day as trained.
 */
export async function storeActivity(
  db: Db,
  user: ImportUser,
  a: ParsedActivity,
  fileName: string,
  original: Uint8Array,
): Promise<Outcome> {
  const date = dateInZone(a.startAt, user.timeZone);
  const gz = isGzip(original) ? Buffer.from(original) : gzipSync(original);
  const now = nowIso();
  const id = await insertActivity(
    db,
    user.id,
    {
      fingerprint: fingerprintOf(a),
      date,
      start_at: a.startAt.toISOString(),
      sport: a.sport,
      name: a.name?.slice(0, 300) ?? null,
      device: a.device?.slice(0, 200) ?? null,
      elapsed_s: a.elapsedS,
      moving_s: a.movingS,
      distance_m: a.distanceM,
      ascent_m: a.ascentM,
      avg_hr: a.avgHr,
      max_hr: a.maxHr,
      calories: a.calories,
      format: a.format,
      file_name: fileName.slice(0, 500),
      laps: JSON.stringify(a.laps.slice(0, ACTIVITY_LIMITS.laps)),
      route: JSON.stringify(a.route.slice(0, ACTIVITY_LIMITS.routePoints)),
      created_at: now,
    },
    gz.toString('base64'),
  );
  if (id === null) return 'duplicate';
  const entry = `${activityLine({
    sport: a.sport,
    name: a.name,
    elapsed_s: a.elapsedS,
    moving_s: a.movingS,
    distance_m: a.distanceM,
    avg_hr: a.avgHr,
  })} (imported${a.device ? ` from ${a.device}` : ''})`;
  // A log the user wrote is never changed: the insert does nothing when the day has one.
  const made = await db
    .insertInto('workout_logs')
    .values({
      user_id: user.id,
      date,
      entry,
      workout_completion: null,
      workout_skipped: 0,
      workout_done: 1,
      plan_id: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return made ? 'imported' : 'attached';
}

/** Progress of an export's import: files read so far of how many. */
export type Progress = (done: number, total: number) => void;

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

/** Turns a reader's error into the words the user reads, naming the file. */
const reasonOf = (err: unknown) =>
  err instanceof ActivityFileError ? err.message : 'it could not be read (an unexpected error; see the server log)';

/**
 * Imports an uploaded file (already streamed to `filePath`): one activity file, or an export
 * zip read entry by entry without unpacking it whole. A single file that cannot be read is
 * refused (400, naming it); in an export, each bad file is reported and the rest imported.
 */
export async function importUpload(
  db: Db,
  user: ImportUser,
  filePath: string,
  uploadName: string,
  onProgress: Progress,
  log?: { error: (obj: unknown, msg: string) => void },
): Promise<ImportDone> {
  const name = path.basename(uploadName).slice(0, 255) || 'file';
  const handle = await fs.open(filePath, 'r');
  const head = new Uint8Array(4);
  let size: number;
  try {
    await handle.read(head, 0, 4, 0);
    size = (await handle.stat()).size;
  } finally {
    await handle.close();
  }
  const result: ImportDone = { type: 'done', imported: 0, duplicates: 0, attached: 0, failed: [], dates: [] };
  const dates = new Set<string>();
  const count = (outcome: Outcome, a: ParsedActivity) => {
    if (outcome === 'duplicate') {
      result.duplicates++;
      return;
    }
    result.imported++;
    if (outcome === 'attached') result.attached++;
    dates.add(dateInZone(a.startAt, user.timeZone));
  };
  const finish = () => {
    result.dates = [...dates].sort().reverse().slice(0, 366);
    return result;
  };

  if (isZip(head) || /\.zip$/i.test(name)) {
    const failed: ImportFailure[] = [];
    let total = 0;
    let done = 0;
    try {
      for await (const item of readExport(filePath)) {
        if (item.kind === 'total') {
          total = item.total;
          onProgress(0, total);
          continue;
        }
        done++;
        if (item.kind === 'failed') {
          failed.push({ file: item.file, reason: item.reason });
        } else {
          try {
            count(await storeActivity(db, user, item.activity, item.file, item.bytes), item.activity);
          } catch (err) {
            log?.error({ err, file: item.file }, 'an activity of an export could not be stored');
            failed.push({ file: item.file, reason: reasonOf(err) });
          }
        }
        onProgress(done, total);
      }
    } catch (err) {
      if (err instanceof ActivityFileError) throw new HttpError(400, `${name}: ${err.message}`);
      throw err;
    }
    result.failed = failed.slice(0, 1000);
    return finish();
  }

  if (size > ACTIVITY_LIMITS.fileBytes) {
    throw new HttpError(413, `${name}: it is larger than ${formatMb(ACTIVITY_LIMITS.fileBytes)}`);
  }
  const bytes = await fs.readFile(filePath);
  let parsed: ParsedActivity;
  try {
    parsed = parseActivityFile(bytes, name);
  } catch (err) {
    if (err instanceof ActivityFileError) throw new HttpError(400, `${name}: ${err.message}`);
    throw err;
  }
  onProgress(0, 1);
  count(await storeActivity(db, user, parsed, name, bytes), parsed);
  onProgress(1, 1);
  return finish();
}
