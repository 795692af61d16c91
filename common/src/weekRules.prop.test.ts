import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, dayOfWeek, minutesInZone, startOfDayIn } from './time.js';
import {
  canCreateNextWeek,
  currentWeek,
  editableUntil,
  isWeekEditable,
  nextWeekOf,
  nextWeekOpensAt,
  weekOf,
  weekState,
} from './weekRules.js';

// Zones with and without DST, both hemispheres, half-hour offsets and the date line.
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
const zones = fc.constantFrom(...ZONES);
const dates = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const MINUTE = 60_000;

describe('week rules', () => {
  it('normalises any date to the Monday of its week, a Sunday to the previous Monday', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const monday = weekOf(date);
        expect(dayOfWeek(monday)).toBe(1);
        const back = Math.round((Date.parse(date) - Date.parse(monday)) / 86_400_000);
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(6);
        if (dayOfWeek(date) === 0) expect(monday).toBe(addDays(date, -6));
        expect(weekOf(monday)).toBe(monday);
      }),
    );
  });

  it('the next week is seven days on, whatever day of the week is given', () => {
    fc.assert(
      fc.property(dates, (date) => {
        expect(nextWeekOf(date)).toBe(addDays(weekOf(date), 7));
        expect(weekOf(nextWeekOf(date))).toBe(nextWeekOf(date));
      }),
    );
  });

  it('a week is editable until its Saturday 23:59 local time and not from the Sunday 00:00', () => {
    fc.assert(
      fc.property(dates, zones, (date, zone) => {
        const end = Date.parse(editableUntil(date, zone));
        // The edge is the first instant of the week's Sunday in the user's zone.
        expect(dateInZone(end, zone)).toBe(addDays(weekOf(date), 6));
        const saturday = addDays(weekOf(date), 5);
        const before = dateInZone(end - 1, zone);
        if (before !== saturday) {
          // The zone skipped that Saturday (Pacific/Kiritimati skipped 1994-12-31, moving across
          // the date line): no instant of the two days before the edge is on it.
          expect(before).toBe(addDays(saturday, -1));
          for (let t = end - 1; t > end - 2 * 86_400_000; t -= 15 * MINUTE)
            expect(dateInZone(t, zone)).not.toBe(saturday);
        }
        expect(isWeekEditable(date, zone, end - 1)).toBe(true);
        expect(isWeekEditable(date, zone, end - MINUTE)).toBe(true);
        expect(isWeekEditable(date, zone, end)).toBe(false);
        expect(isWeekEditable(date, zone, end + 7 * 86_400_000)).toBe(false);
      }),
      // The Saturday Pacific/Kiritimati skipped (1994-12-31) is tried in every run.
      { examples: [['1994-12-26', 'Pacific/Kiritimati']] },
    );
  });

  it('every moment of the current week up to Saturday 23:59 is editable', () => {
    fc.assert(
      fc.property(dates, zones, fc.integer({ min: 0, max: 6 * 24 * 60 - 1 }), (date, zone, minutes) => {
        const monday = weekOf(date);
        const now = Date.parse(startOfDayIn(monday, zone)) + minutes * MINUTE;
        const today = dateInZone(now, zone);
        if (dayOfWeek(today) === 0) return; // a DST gap can push the last minutes into Sunday
        expect(currentWeek(zone, now)).toBe(monday);
        expect(isWeekEditable(monday, zone, now)).toBe(true);
        // Last week is never editable once this week has begun.
        expect(isWeekEditable(addDays(monday, -7), zone, now)).toBe(false);
      }),
    );
  });

  it("'Create Next Week's Plan' appears at Friday 00:00 local time, not a minute before", () => {
    fc.assert(
      fc.property(dates, zones, (date, zone) => {
        const opens = Date.parse(nextWeekOpensAt(date, zone));
        expect(dateInZone(opens, zone)).toBe(addDays(weekOf(date), 4));
        expect(minutesInZone(opens, zone)).toBeLessThan(60); // midnight, or just after a DST gap
        expect(canCreateNextWeek(date, zone, opens)).toBe(true);
        expect(canCreateNextWeek(date, zone, opens - 1)).toBe(false);
        expect(canCreateNextWeek(date, zone, opens - MINUTE)).toBe(false);
      }),
    );
  });

  it('a Sunday belongs to the week that just ended: read-only, next week offered', () => {
    fc.assert(
      fc.property(dates, zones, fc.integer({ min: 0, max: 23 * 60 }), (date, zone, minutes) => {
        const sunday = addDays(weekOf(date), 6);
        const now = Date.parse(startOfDayIn(sunday, zone)) + minutes * MINUTE;
        if (dateInZone(now, zone) !== sunday) return;
        const s = weekState(sunday, zone, now);
        expect(s.week).toBe(weekOf(date));
        expect(s.editable).toBe(false);
        expect(s.canCreateNext).toBe(true);
        expect(weekState(s.nextWeek, zone, now).editable).toBe(true);
      }),
    );
  });

  it('handles the DST weeks of Paris, New York and Sydney (23 and 25 hour days)', () => {
    // Spring forward in Europe (2026-03-29 is a Sunday) and in the US (2026-03-08).
    expect(editableUntil('2026-03-25', 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(editableUntil('2026-03-04', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    // Fall back: 2026-10-25 in Paris, 2026-11-01 in New York, and Sydney's April change.
    expect(editableUntil('2026-10-22', 'Europe/Paris')).toBe('2026-10-24T22:00:00.000Z');
    expect(editableUntil('2026-10-29', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(editableUntil('2026-03-30', 'Australia/Sydney')).toBe('2026-04-04T13:00:00.000Z');
    expect(nextWeekOpensAt('2026-03-23', 'Europe/Paris')).toBe('2026-03-26T23:00:00.000Z');
    // A week's state at the Paris edge: 23:59 on Saturday editable, Sunday 00:00 not.
    expect(isWeekEditable('2026-03-23', 'Europe/Paris', Date.parse('2026-03-28T22:59:00Z'))).toBe(true);
    expect(isWeekEditable('2026-03-23', 'Europe/Paris', Date.parse('2026-03-28T23:00:00Z'))).toBe(false);
  });
});
