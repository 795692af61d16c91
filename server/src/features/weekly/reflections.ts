import {
  type EveningReflection,
  type MorningReflection,
  type WeeklyReflections,
  weeklyReflections,
} from '#common/api/weekly.js';
import { addDays } from '#common/time.js';
import { summariseReflections } from '#common/weeklyPlan.js';
import { weekOf } from '#common/weekRules.js';
import type { Db } from '../../db/index.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { writtenOnce } from '../../http/writtenOnce.js';
import { byText, frozen } from '../../textMemo.js';
import { parseJson } from '../journal/repo.js';
import { latestDailyParts } from './repo.js';

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The last day a week's plan reflects on: the week's Sunday. The spec's reflections are the
 * latest 25 morning and 25 evening parts of the daily notes, however long ago they were written
 * (after a break in journaling the plan still sees the last ones); a plan does not read notes
 * dated after its own week.
 */
export const reflectionsUpTo = (date: string) => addDays(weekOf(date), 6);

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

type Parts = Awaited<ReturnType<typeof latestDailyParts>>;

/** The notes' morning and evening parts (newest first), and their summary. */
function reflectionsOf(to: string, { mornings, evenings }: Parts): WeeklyReflections {
  const morning_reflections: MorningReflection[] = mornings.map((r) => ({
    date: r.date,
    ...partsOf(r.structured_data ?? '').morning,
  }));
  const evening_reflections: EveningReflection[] = evenings.map((r) => ({
    date: r.date,
    ...partsOf(r.structured_data ?? '').evening,
  }));
  const oldest = [morning_reflections.at(-1)?.date, evening_reflections.at(-1)?.date].filter(
    (d): d is string => typeof d === 'string',
  );
  return {
    from: oldest.sort()[0] ?? null,
    to,
    morning_reflections,
    evening_reflections,
    summary: summariseReflections(morning_reflections, evening_reflections),
    has_reflections: morning_reflections.length + evening_reflections.length > 0,
  };
}

/** The latest 25 morning and 25 evening parts of daily notes up to the week's end, and their summary. */
export async function loadReflections(db: Db, userId: number, date: string): Promise<WeeklyReflections> {
  const to = reflectionsUpTo(date);
  return reflectionsOf(to, await latestDailyParts(db, userId, to));
}

/** Reflections written by the same compiled serialiser as the route's response. */
const writeReflections = compileResponseSerializer(weeklyReflections) as (r: WeeklyReflections) => string;

/**
 * Reflections written as JSON once (`writtenOnce`), by user and week: the weekly screen reads
 * them on every visit, and presenting some fifty parts and their summary afresh cost more than
 * the read. An answer is written again whenever any note read differs from those it was written
 * from (its date, which parts it has, its stored data), or one is added or removed.
 */
const writtenReflections = writtenOnce(4 * 1024 * 1024);

/** The same answer as `loadReflections`, as the response's JSON. */
export async function loadReflectionsJson(db: Db, userId: number, date: string): Promise<Buffer> {
  const to = reflectionsUpTo(date);
  const parts = await latestDailyParts(db, userId, to);
  const inputs: unknown[] = [];
  for (const list of [parts.mornings, parts.evenings]) {
    inputs.push(list.length);
    for (const r of list) inputs.push(r.date, r.has_morning, r.has_evening, r.structured_data);
  }
  return writtenReflections(`${userId}:${to}`, inputs, () => ({
    text: writeReflections(reflectionsOf(to, parts)),
    extra: undefined,
  })).json;
}
