import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startOfDayIn } from '#common/time.js';

/**
 * The corpus of real calendar files (`calendarCorpus/`, see its PROVENANCE.md) and the
 * independent expansion it is compared with (`scripts/ical-occurrences.py`, Debian's
 * python3-recurring-ical-events).
 */
export const CORPUS_DIR = fileURLToPath(new URL('./calendarCorpus/', import.meta.url));
const SCRIPT = fileURLToPath(new URL('../../../scripts/ical-occurrences.py', import.meta.url));
const PYTHON = '/usr/bin/python3';
const PACKAGES = 'python3-icalendar python3-recurring-ical-events python3-x-wr-timezone';

export interface CorpusEntry {
  file: string;
  /** The reader's zone: floating times are read in it, all-day dates are its days. */
  zone: string;
  /** Whole weeks every event date is moved by, so that the file reaches the cache window. */
  shiftWeeks: number;
  /**
   * Zone names the Python library cannot read, each with the IANA zone Microsoft documents for
   * it (written by hand): given to the Python expansion only.
   */
  zoneNames?: Record<string, string>;
  /** UIDs the Python library cannot expand (each with the reason in the manifest's notes). */
  notCompared?: string[];
  notes: string;
}

export function corpusEntries(): CorpusEntry[] {
  return (JSON.parse(fs.readFileSync(`${CORPUS_DIR}corpus.json`, 'utf8')) as { files: CorpusEntry[] }).files;
}

/** One occurrence: timed ones as UTC instants (…T09:00:00Z), all-day ones as dates, end exclusive. */
export interface Occurrence {
  uid: string | null;
  summary: string;
  allDay: boolean;
  start: string;
  end: string;
}

export interface Expansion {
  /** The whole file was unreadable for the Python library. */
  error: string | null;
  /** Every UID of the file's VEVENTs. */
  uids: string[];
  /** Events the Python library could not expand, by UID: not compared. */
  failed: Record<string, string>;
  notes: string[];
  occurrences: Occurrence[];
}

const SHIFTED = /^(DTSTART|DTEND|DUE|RECURRENCE-ID|EXDATE|RDATE)[;:]/i;
const DAY_MS = 86_400_000;

function shiftDate(yyyymmdd: string, weeks: number): string {
  const ms = Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)) + weeks * 7 * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Where a content line's value starts: after its first colon outside quotes (-1: none). */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return i + 1;
  }
  return -1;
}

function shiftLine(line: string, weeks: number): string {
  const dates = (s: string) => s.replace(/(?<!\d)(\d{8})(?!\d)/g, (d) => shiftDate(d, weeks));
  if (/^RRULE[;:]/i.test(line))
    return line.replace(/(UNTIL=)(\d{8})/i, (_m, k: string, d: string) => k + shiftDate(d, weeks));
  if (!SHIFTED.test(line)) return line;
  const at = valueStart(line);
  // Exchange's DTSTART;TZID="Zone:20200609T090000": the value sits inside the quotes
  if (at < 0) return line.replace(/:(\d{8})(?=(T\d{6}Z?)?"$)/, (_m, d: string) => `:${shiftDate(d, weeks)}`);
  return line.slice(0, at) + dates(line.slice(at));
}

/**
 * The file with every DTSTART, DTEND, DUE, RECURRENCE-ID, EXDATE and RDATE date (and RRULE UNTIL)
 * moved by whole weeks, outside VTIMEZONE definitions. Weekdays are kept; the manifest's shifts
 * also keep each date-time's UTC offset. A changed content line is written unfolded; every other
 * byte stays as published.
 */
export function shiftByWeeks(text: string, weeks: number): string {
  if (weeks === 0) return text;
  const physical = text.split(/(?<=\n)/);
  const out: string[] = [];
  let inZone = 0;
  for (let i = 0; i < physical.length; ) {
    let j = i + 1;
    while (j < physical.length && /^[ \t]/.test(physical[j] as string)) j++;
    const parts = physical.slice(i, j);
    const eol = /\r?\n$/.exec(parts.at(-1) as string)?.[0] ?? '';
    const logical = parts
      .join('')
      .replace(/\r?\n[ \t]/g, '')
      .replace(/\r?\n$/, '');
    const upper = logical.toUpperCase();
    if (upper.startsWith('BEGIN:VTIMEZONE')) inZone++;
    else if (upper.startsWith('END:VTIMEZONE')) inZone--;
    const shifted = inZone > 0 ? logical : shiftLine(logical, weeks);
    out.push(shifted === logical ? parts.join('') : shifted + eol);
    i = j;
  }
  return out.join('');
}

/** The rule both sides share: does an occurrence overlap the window [start, end)? */
export function overlapsWindow(o: Occurrence, window: { start: Date; end: Date }, zone: string): boolean {
  const ws = window.start.getTime();
  const we = window.end.getTime();
  if (o.allDay) return Date.parse(startOfDayIn(o.start, zone)) < we && Date.parse(startOfDayIn(o.end, zone)) > ws;
  const start = Date.parse(o.start);
  const end = Date.parse(o.end);
  return start < we && (end > ws || start >= ws);
}

/**
 * Runs the Python expansion once for many calendars. Fails, naming the Debian packages, when
 * /usr/bin/python3 or its modules are missing: the comparison must not be skipped silently.
 */
export function expandWithPython(
  items: Array<{
    name: string;
    text: string;
    zone: string;
    start: Date;
    end: Date;
    zoneNames?: Record<string, string>;
  }>,
): Record<string, Expansion> {
  const input = items.map((i) => ({
    name: i.name,
    text: i.text,
    zone: i.zone,
    zoneNames: i.zoneNames ?? {},
    start: i.start.toISOString(),
    end: i.end.toISOString(),
  }));
  const run = spawnSync(PYTHON, [SCRIPT], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.error)
    throw new Error(`${PYTHON} could not be run (${run.error.message}): install Python 3 and ${PACKAGES} (apt-get)`);
  if (run.status !== 0)
    throw new Error(`scripts/ical-occurrences.py failed (install the Debian packages ${PACKAGES}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, Expansion>;
}

/** The multiset difference of two occurrence lists, by (UID, start, end). */
export function difference(expected: Occurrence[], actual: Occurrence[]) {
  const key = (o: Occurrence) => `${o.uid ?? ''}\u0000${o.start}\u0000${o.end}`;
  const left = new Map<string, Occurrence[]>();
  for (const o of expected) left.set(key(o), [...(left.get(key(o)) ?? []), o]);
  const extra: Occurrence[] = [];
  for (const o of actual) {
    const same = left.get(key(o));
    if (same?.length) same.pop();
    else extra.push(o);
  }
  const missing = [...left.values()].flat();
  return { missing, extra };
}

const byStart = (a: Occurrence, b: Occurrence) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end);

/** A readable account of what differs, a few occurrences of each kind. */
export function describeDifference(title: string, diff: ReturnType<typeof difference>, shown = 8): string {
  const lines = [`${title}: ${diff.missing.length} missing, ${diff.extra.length} extra`];
  const list = (label: string, items: Occurrence[]) => {
    if (!items.length) return;
    lines.push(`  ${label}:`);
    for (const o of [...items].sort(byStart).slice(0, shown))
      lines.push(`    ${o.start} → ${o.end}  ${JSON.stringify(o.summary)}  [UID ${o.uid ?? '(none)'}]`);
    if (items.length > shown) lines.push(`    … and ${items.length - shown} more`);
  };
  list('missing (the Python expansion has them, Daymark does not)', diff.missing);
  list('extra (Daymark has them, the Python expansion does not)', diff.extra);
  return lines.join('\n');
}
