import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, minutesInZone, startOfDayIn } from './time.js';
import {
  clockMinutes,
  collides,
  isoWeekday,
  localInstant,
  planTrainingWeek,
  relocateSession,
  type WeekInput,
  weekDates,
} from './trainingWeek.js';

const MIN = 60_000;
const STEP = 5 * MIN;
// Zones with and without DST, both hemispheres, half-hour offsets and the date line.
const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Kiritimati'];
// Mondays around the DST changes of both hemispheres and ordinary weeks.
const MONDAYS = ['2026-03-23', '2026-03-30', '2026-10-05', '2026-10-26', '2026-11-02', '2026-12-07', '2027-06-14'];

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 23 * 12 }), fc.integer({ min: 3, max: 8 * 12 }))
  .map(([a, len]) => ({ start: hhmm(a * 5), end: hhmm(Math.min(a * 5 + len * 5, 23 * 60 + 55)) }));

const inputArb: fc.Arbitrary<WeekInput> = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    weekStart: fc.constantFrom(...MONDAYS),
    sessions: fc.integer({ min: 1, max: 7 }),
    min: fc.integer({ min: 2, max: 12 }).map((n) => n * 5),
    extra: fc.integer({ min: 0, max: 12 }).map((n) => n * 5),
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    windows: fc.array(windowArb, { minLength: 1, maxLength: 3 }),
    buffer: fc.integer({ min: 0, max: 30 }),
    busy: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 * 24 * 60 }), fc.integer({ min: 5, max: 240 })), {
      maxLength: 30,
    }),
    nowOffset: fc.integer({ min: -24 * 60, max: 7 * 24 * 60 }),
    keptDays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
  })
  .map((r) => {
    const weekStartAt = Date.parse(startOfDayIn(r.weekStart, r.zone));
    const kept = r.keptDays.map((d, i) => {
      const date = addDays(r.weekStart, d);
      const start = localInstant(date, 6 * 60, r.zone);
      return { index: r.sessions + 1 + i, date, start, end: start + 30 * MIN };
    });
    return {
      rule: {
        sessions_per_week: r.sessions,
        min_minutes: r.min,
        preferred_minutes: r.min + r.extra,
        days: r.days,
        windows: r.windows,
        buffer_minutes: r.buffer,
      },
      weekStart: r.weekStart,
      zone: r.zone,
      now: weekStartAt + r.nowOffset * MIN + 17_000,
      busy: r.busy.map(([at, len]) => ({ start: weekStartAt + at * MIN, end: weekStartAt + (at + len) * MIN })),
      kept,
      toPlace: Array.from({ length: r.sessions }, (_, i) => i + 1),
    };
  });

/** Whether a session of `minutes` fits on a date, found by trying every 5-minute start (an independent reading). */
function dayHasRoom(input: WeekInput, date: string): boolean {
  const { rule, zone } = input;
  const others = [...input.busy, ...input.kept];
  for (const w of rule.windows) {
    const a = clockMinutes(w.start) as number;
    const b = clockMinutes(w.end) as number;
    if (b <= a) continue;
    const end = localInstant(date, b, zone);
    for (
      let s = Math.ceil(Math.max(localInstant(date, a, zone), input.now) / STEP) * STEP;
      s + rule.min_minutes * MIN <= end;
      s += STEP
    ) {
      if (!collides({ start: s, end: s + rule.min_minutes * MIN }, others, rule.buffer_minutes)) return true;
    }
  }
  return false;
}

function insideAWindow(input: WeekInput, s: { date: string; start: number; end: number }) {
  return input.rule.windows.some((w) => {
    const a = clockMinutes(w.start) as number;
    const b = clockMinutes(w.end) as number;
    return b > a && s.start >= localInstant(s.date, a, input.zone) && s.end <= localInstant(s.date, b, input.zone);
  });
}

describe('training week scheduling (generated weeks)', () => {
  it('never overlaps busy time or its buffer, stays in the allowed days and windows, never below the minimum', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { placed } = planTrainingWeek(input);
        const dates = new Set<string>();
        for (const s of placed) {
          expect(collides(s, [...input.busy, ...input.kept], input.rule.buffer_minutes)).toBe(false);
          expect(insideAWindow(input, s)).toBe(true);
          expect(input.rule.days).toContain(isoWeekday(s.date));
          expect(weekDates(input.weekStart)).toContain(s.date);
          expect(dateInZone(s.start, input.zone)).toBe(s.date);
          expect(s.start).toBeGreaterThanOrEqual(input.now);
          expect(s.minutes).toBeGreaterThanOrEqual(input.rule.min_minutes);
          expect(s.minutes).toBeLessThanOrEqual(input.rule.preferred_minutes);
          expect(s.end - s.start).toBe(s.minutes * MIN);
          expect(minutesInZone(s.start, input.zone) % 5 === 0 || input.zone === 'Australia/Lord_Howe').toBe(true);
          expect(dates.has(s.date)).toBe(false);
          expect(input.kept.some((k) => k.date === s.date)).toBe(false);
          dates.add(s.date);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('places as many sessions as the week has days with room, and reports the rest', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planTrainingWeek(input);
        const roomy = weekDates(input.weekStart).filter(
          (d) =>
            input.rule.days.includes(isoWeekday(d)) && !input.kept.some((k) => k.date === d) && dayHasRoom(input, d),
        );
        expect(result.placed).toHaveLength(Math.min(input.toPlace.length, roomy.length));
        expect([...result.placed.map((p) => p.index), ...result.unplaced].sort((a, b) => a - b)).toEqual(input.toPlace);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same answer for the same week, whatever order the busy time comes in', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const once = planTrainingWeek(input);
        expect(planTrainingWeek(structuredClone(input))).toEqual(once);
        expect(planTrainingWeek({ ...input, busy: [...input.busy].reverse() })).toEqual(once);
      }),
      { numRuns: 150 },
    );
  });

  it('moves a session that a meeting now covers to a free place of the rule, or gives it up', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 6 }), (input, day) => {
        const date = addDays(input.weekStart, day);
        const moved = relocateSession({ ...input, session: { index: 1, date } });
        if (!moved) return;
        expect(collides(moved, [...input.busy, ...input.kept], input.rule.buffer_minutes)).toBe(false);
        expect(insideAWindow(input, moved)).toBe(true);
        expect(moved.minutes).toBeGreaterThanOrEqual(input.rule.min_minutes);
        expect(moved.start).toBeGreaterThanOrEqual(input.now);
        // Its own day first: when that day has room, it stays on it.
        if (dayHasRoom(input, date) && !input.kept.some((k) => k.date === date)) expect(moved.date).toBe(date);
      }),
      { numRuns: 200 },
    );
  });
});

describe('training week scheduling (examples)', () => {
  const rule = {
    sessions_per_week: 3,
    min_minutes: 30,
    preferred_minutes: 45,
    days: [1, 2, 3, 4, 5, 6, 7],
    windows: [
      { start: '12:00', end: '14:00' },
      { start: '17:30', end: '20:00' },
    ],
    buffer_minutes: 10,
  };
  const zone = 'Europe/Paris';
  const at = (date: string, time: string) => localInstant(date, clockMinutes(time) as number, zone);
  const base: WeekInput = {
    rule,
    weekStart: '2026-12-07',
    zone,
    now: at('2026-12-07', '06:00'),
    busy: [],
    kept: [],
    toPlace: [1, 2, 3],
  };
  const show = (s: { date: string; start: number; minutes: number }) =>
    `${s.date} ${hhmm(minutesInZone(s.start, zone))} ${s.minutes}`;

  it('takes the earliest window at the preferred length, with rest days between sessions', () => {
    expect(planTrainingWeek(base).placed.map(show)).toEqual([
      '2026-12-07 12:00 45',
      '2026-12-09 12:00 45',
      '2026-12-11 12:00 45',
    ]);
  });

  it('keeps the buffer after a meeting, shortens to what fits, and moves to the evening when lunch is full', () => {
    const busy = [
      // Monday: a meeting until 12:50 leaves 13:00–14:00, room for 45 minutes.
      { start: at('2026-12-07', '11:00'), end: at('2026-12-07', '12:50') },
      // Wednesday: lunch taken whole; the evening is free.
      { start: at('2026-12-09', '11:30'), end: at('2026-12-09', '14:30') },
      // Friday: 12:00–12:40 free before a 12:50 meeting: 40 minutes fit, not 45; the evening is busy.
      { start: at('2026-12-11', '12:50'), end: at('2026-12-11', '15:00') },
      { start: at('2026-12-11', '17:00'), end: at('2026-12-11', '21:00') },
    ];
    const weekdays = { ...rule, days: [1, 3, 5] };
    expect(planTrainingWeek({ ...base, rule: weekdays, busy }).placed.map(show)).toEqual([
      '2026-12-07 13:00 45',
      '2026-12-09 17:30 45',
      '2026-12-11 12:00 40',
    ]);
  });

  it('reports the sessions the week has no room for, rather than overlapping a meeting', () => {
    const allWeek = [{ start: at('2026-12-07', '00:00'), end: at('2026-12-12', '23:00') }];
    const result = planTrainingWeek({ ...base, busy: allWeek });
    expect(result.placed.map(show)).toEqual(['2026-12-13 12:00 45']);
    expect(result.unplaced).toEqual([2, 3]);
  });

  it('a meeting over Wednesday’s session moves it later that day', () => {
    const busy = [{ start: at('2026-12-09', '12:00'), end: at('2026-12-09', '13:00') }];
    const moved = relocateSession({ ...base, busy, kept: [], session: { index: 2, date: '2026-12-09' } });
    expect(moved && show(moved)).toBe('2026-12-09 13:10 45');
  });
});
