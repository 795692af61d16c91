import { parse as parseCsv } from 'csv-parse/sync';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ACTIVITY_LIMITS } from '#common/api/activities.js';
import { parseActivityFile } from './index.js';
import { sportFromName } from './sports.js';
import { ActivityFileError, type ParsedActivity, REASONS, tooLarge } from './types.js';

export type ExportItem =
  /** First, once: how many activity files the export holds (the progress's denominator). */
  | { kind: 'total'; total: number }
  /** `bytes`: the file as it lies in the zip (gzipped when it was), kept as the original. */
  | { kind: 'activity'; file: string; activity: ParsedActivity; bytes: Buffer }
  | { kind: 'failed'; file: string; reason: string };

export interface ExportLimits {
  /** Bytes one activity file may have, unpacked. */
  fileBytes: number;
  /** Activity files one export may hold. */
  filesPerExport: number;
  /** Entries of any kind (media, JSON, folders) one zip may hold. */
  entries: number;
}

export const EXPORT_LIMITS: ExportLimits = {
  fileBytes: ACTIVITY_LIMITS.fileBytes,
  filesPerExport: ACTIVITY_LIMITS.filesPerExport,
  entries: ACTIVITY_LIMITS.filesPerExport * 10,
};

const ACTIVITY_FILE = /\.(fit|gpx|tcx)(\.gz)?$/i;

/**
 * Reads an export zip from disk (Strava's bulk export, or any zip of FIT/GPX/TCX files), one entry
 * at a time and never all of it in memory, nothing written out. Yields the number of activity files
 * first, then each one's activity or the reason it failed. Strava's activities.csv, wherever it
 * sits in the zip, gives the activities' names and types. A file that is not a zip throws
 * ActivityFileError; a bad entry inside one is reported and the rest still come through.
 */
export async function* readExport(
  zipPath: string,
  opts: { limits?: Partial<ExportLimits> } = {},
): AsyncGenerator<ExportItem> {
  const limits = { ...EXPORT_LIMITS, ...opts.limits };

  // First pass over the central directory: count the activity files, read activities.csv.
  let total = 0;
  let csvEntry: { entry: Entry; depth: number } | null = null;
  let stravaRows = new Map<string, StravaRow>();
  {
    const zip = await openZip(zipPath);
    try {
      if (zip.entryCount > limits.entries) throw new ActivityFileError(`it holds more than ${limits.entries} files`);
      for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
        const name = entryName(entry);
        const kind = classify(name);
        if (kind === 'activity' || kind === 'unsafe') total++;
        if (kind === 'csv') {
          const depth = name.split('/').length;
          if (!csvEntry || depth < csvEntry.depth) csvEntry = { entry, depth };
        }
      }
      if (total > limits.filesPerExport) {
        throw new ActivityFileError(`it holds more than ${limits.filesPerExport} activity files`);
      }
      if (csvEntry && csvEntry.entry.uncompressedSize <= limits.fileBytes) {
        try {
          stravaRows = readStravaCsv(await readEntry(zip, csvEntry.entry, limits.fileBytes));
        } catch {
          // An unreadable activities.csv only costs the names and types; the files still import.
        }
      }
    } finally {
      zip.close();
    }
  }

  yield { kind: 'total', total };
  if (total === 0) return;

  // Second pass: each activity file in zip order.
  const zip = await openZip(zipPath);
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const file = entryName(entry);
      const kind = classify(file);
      if (kind === 'unsafe') {
        yield { kind: 'failed', file, reason: REASONS.badPath };
        continue;
      }
      if (kind !== 'activity') continue;
      if (entry.uncompressedSize > limits.fileBytes) {
        yield { kind: 'failed', file, reason: tooLarge(limits.fileBytes) };
        continue;
      }
      if (entry.isEncrypted()) {
        yield { kind: 'failed', file, reason: 'it is encrypted' };
        continue;
      }
      let activity: ParsedActivity;
      let bytes: Buffer;
      try {
        bytes = await readEntry(zip, entry, limits.fileBytes);
        activity = parseActivityFile(bytes, file, { maxBytes: limits.fileBytes });
      } catch (error) {
        yield { kind: 'failed', file, reason: reasonOf(error) };
        continue;
      }
      const row = lookupRow(stravaRows, file);
      if (row) {
        if (row.name) activity.name = row.name;
        activity.sport = sportFromName(row.type) ?? activity.sport;
      }
      yield { kind: 'activity', file, activity, bytes };
    }
  } finally {
    zip.close();
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof ActivityFileError) return error.message;
  return 'the file is damaged inside the zip';
}

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => {
        if (err || !zip) reject(new ActivityFileError(REASONS.notZip, { cause: err }));
        else resolve(zip);
      },
    );
  });
}

/** The next entry of the central directory, or null at its end. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new ActivityFileError(REASONS.notZip, { cause: err }));
    };
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** An entry's bytes, inflated; refused past `max` whatever its header declared. */
function readEntry(zip: ZipFile, entry: Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(new ActivityFileError('the file is damaged inside the zip', { cause: err }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) {
          stream.destroy();
          reject(new ActivityFileError(tooLarge(max)));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e) => reject(new ActivityFileError('the file is damaged inside the zip', { cause: e })));
      stream.on('end', () => resolve(Buffer.concat(chunks, size)));
    });
  });
}

/** The entry's name as written (UTF-8 or CP437, the Info-ZIP Unicode path when given), backslashes kept. */
function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, yauzl.parseExtraFields(entry.extraFieldRaw), true);
}

type EntryKind = 'activity' | 'csv' | 'unsafe' | 'other';

/** Names that would step out of a folder if extracted: "..", an absolute or drive path, a backslash, a NUL. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes('\\') || name.includes('\0')) return true;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((part) => part === '..');
}

function classify(name: string): EntryKind {
  if (name.endsWith('/')) return isUnsafeEntryName(name) ? 'unsafe' : 'other';
  if (isUnsafeEntryName(name)) return 'unsafe';
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (name.startsWith('__MACOSX/') || base.startsWith('._')) return 'other';
  if (base.toLowerCase() === 'activities.csv') return 'csv';
  return ACTIVITY_FILE.test(base) ? 'activity' : 'other';
}

interface StravaRow {
  name: string | null;
  type: string | null;
}

/**
 * Strava's activities.csv: its header repeats names ("Elapsed Time", "Distance" twice), so rows
 * are read as arrays and each column found by its first header match.
 */
export function readStravaCsv(bytes: Buffer): Map<string, StravaRow> {
  const rows = parseCsv(bytes, {
    columns: false,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as string[][];
  const out = new Map<string, StravaRow>();
  const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const col = (name: string) => header.indexOf(name.toLowerCase());
  const nameCol = col('Activity Name');
  const typeCol = col('Activity Type');
  const fileCol = col('Filename');
  if (fileCol < 0) return out;
  for (const row of rows.slice(1)) {
    const file = normalise(row[fileCol] ?? '');
    if (!file) continue;
    const name = nameCol >= 0 ? (row[nameCol] ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) : '';
    const type = typeCol >= 0 ? (row[typeCol] ?? '').trim() : '';
    out.set(file, { name: name || null, type: type || null });
  }
  return out;
}

function normalise(path: string): string {
  return path
    .trim()
    .replace(/^\.?\/+/, '')
    .toLowerCase();
}

/** The CSV row of an entry: its path as the CSV writes it, also below a top folder the zip may add. */
function lookupRow(rows: Map<string, StravaRow>, file: string): StravaRow | null {
  if (rows.size === 0) return null;
  const parts = normalise(file).split('/');
  for (let i = 0; i < parts.length; i++) {
    const row = rows.get(parts.slice(i).join('/'));
    if (row) return row;
  }
  return null;
}
