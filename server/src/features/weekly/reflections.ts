import {
  type EveningReflection,
  type MorningReflection,
  type WeeklyReflections,
  weeklyReflections,
} from '../../../../common/src/api/weekly.js';
import { addDays } from '../../../../common/src/time.js';
import { summariseReflections } from '../../../../common/src/weeklyPlan.js';
import { REFLECTIONS_FETCHED } from '../../../../common/src/weeklyTexts.js';
import { weekOf } from '../../../../common/src/weekRules.js';
import type { Db } from '../../db/index.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { writtenOnce } from '../../http/writtenOnce.js';
import { byText, frozen } from '../../textMemo.js';
import { parseJson } from '../journal/repo.js';
import { dailyNotesWithParts } from './repo.js';

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Weeks before the planned week that its reflections reach back to. */
const WEEKS_BACK = 4;

/**
 * The period a week's plan reflects on: the four weeks before it and the week itself, newest
 * first, so that a plan written on Monday sees last week first, and one written on Friday for
 * next week sees this week. The spec's 25 per part then caps it (about five weeks of notes).
 */
export function reflectionPeriod(date: string) {
  const monday = weekOf(date);
  return { from: addDays(monday, -7 * WEEKS_BACK), to: addDays(monday, 6) };
}

type Morning = Omit<MorningReflection, 'date'>;
type Evening = Omit<EveningReflection, 'date'>;

/**
 * A daily note's two reflections, by its stored structured data: the same notes are read by
 * every plan of the weeks around them, and parsing them was most of the read. Frozen, as every
 * answer shares them.
 */
const partsOf = byText((text): { morning: Morning; evening: Evening } => {
  const data = parseJson(text);
  const m = (data?.morning ?? {}) as Record<string, unknown>;
  const e = (data?.evening ?? {}) as Record<string, unknown>;
  return frozen({
    morning: {
      priorities: strings(m.daily_priorities),
      challenges: str(m.anticipated_challenges),
      energy_level: typeof m.energy_level === 'number' ? m.energy_level : null,
    },
    evening: { wins: strings(e.wins), frustrations: str(e.frustrations), open_loops: strings(e.open_loops) },
  });
}, 5_000);

type NoteRow = Awaited<ReturnType<typeof dailyNotesWithParts>>[number];

/** The latest 25 morning and 25 evening parts of these notes (newest first), and their summary. */
function reflectionsOf(from: string, to: string, rows: readonly NoteRow[]): WeeklyReflections {
  const morning_reflections: MorningReflection[] = [];
  const evening_reflections: EveningReflection[] = [];
  for (const r of rows) {
    const wantMorning = r.has_morning === 1 && morning_reflections.length < REFLECTIONS_FETCHED;
    const wantEvening = r.has_evening === 1 && evening_reflections.length < REFLECTIONS_FETCHED;
    if (!wantMorning && !wantEvening) continue;
    const parts = partsOf(r.structured_data ?? '');
    if (wantMorning) morning_reflections.push({ date: r.date, ...parts.morning });
    if (wantEvening) evening_reflections.push({ date: r.date, ...parts.evening });
  }
  return {
    from,
    to,
    morning_reflections,
    evening_reflections,
    summary: summariseReflections(morning_reflections, evening_reflections),
    has_reflections: morning_reflections.length + evening_reflections.length > 0,
  };
}

/** The latest 25 morning and 25 evening parts of daily notes in the period, and their summary. */
export async function loadReflections(db: Db, userId: number, date: string): Promise<WeeklyReflections> {
  const { from, to } = reflectionPeriod(date);
  return reflectionsOf(from, to, await dailyNotesWithParts(db, userId, from, to));
}

/** Reflections written by the same compiled serialiser as the route's response. */
const writeReflections = compileResponseSerializer(weeklyReflections) as (r: WeeklyReflections) => string;

/**
 * Reflections written as JSON once (`writtenOnce`), by user and period: the weekly screen reads
 * them on every visit, and presenting some fifty parts and their summary afresh cost more than
 * the read. An answer is written again whenever any note of the period differs from those it
 * was written from (its date, which parts it has, its stored data), or one is added or removed.
 */
const writtenReflections = writtenOnce(4 * 1024 * 1024);

/** The same answer as `loadReflections`, as the response's JSON. */
export async function loadReflectionsJson(db: Db, userId: number, date: string): Promise<Buffer> {
  const { from, to } = reflectionPeriod(date);
  const rows = await dailyNotesWithParts(db, userId, from, to);
  // The key's period start fixes its end (`reflectionPeriod`): the notes are the inputs.
  const inputs: unknown[] = [];
  for (const r of rows) inputs.push(r.date, r.has_morning, r.has_evening, r.structured_data);
  return writtenReflections(`${userId}:${from}`, inputs, () => ({
    text: writeReflections(reflectionsOf(from, to, rows)),
    extra: undefined,
  })).json;
}
