import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  dateInZone,
  dayOfWeek,
  dayRangeIn,
  isValidDate,
  mondayOf,
  offsetLabel,
  startOfDayIn,
  sundayOf,
  todayIn,
  zoneAliases,
  zoneOffsetMinutes,
} from './time.js';

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const dates = fc
  .date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('time', () => {
  it('knows real dates from impossible ones', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    for (const d of ['2026-02-30', '2025-02-29', '9999-99-99', '2026-13-01', '2026-1-1', '', '2026-01-01T00:00'])
      expect(isValidDate(d), d).toBe(false);
  });

  it('agrees with the calendar of Date on every YYYY-MM-DD text', () => {
    const viaDate = (d: string) => {
      const [y, m, day] = d.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, day)).toISOString().slice(0, 10) === d;
    };
    const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));
    const texts = fc.tuple(digits(4, 9999), digits(2, 99), digits(2, 99)).map(([y, m, d]) => `${y}-${m}-${d}`);
    fc.assert(
      fc.property(texts, (d) => isValidDate(d) === viaDate(d)),
      { numRuns: 20_000 },
    );
    fc.assert(fc.property(dates, (d) => isValidDate(d)));
    for (const d of ['1900-02-29', '2000-02-29', '2100-02-28', '0099-12-31', '0100-01-01', '9999-12-31'])
      expect(isValidDate(d), d).toBe(viaDate(d));
  });

  it('adds days exactly as Date does, on every YYYY-MM-DD text and whole or fractional day count', () => {
    const viaDate = (d: string, n: number) => {
      try {
        return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      } catch (e) {
        return e instanceof RangeError ? 'RangeError' : 'other';
      }
    };
    const added = (d: string, n: number) => {
      try {
        return addDays(d, n);
      } catch (e) {
        return e instanceof RangeError ? 'RangeError' : 'other';
      }
    };
    const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));
    const texts = fc.tuple(digits(4, 9999), digits(2, 13), digits(2, 32)).map(([y, m, d]) => `${y}-${m}-${d}`);
    const counts = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -4_000_000, max: 4_000_000 }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.oneof(texts, dates), counts, (d, n) => added(d, n) === viaDate(d, n)),
      { numRuns: 20_000 },
    );
    for (const [d, n] of [
      ['2024-02-28', 1],
      ['2100-02-28', 1],
      ['2000-02-28', 1],
      ['2026-12-31', 1],
      ['2026-03-01', -1],
      ['0100-01-01', -1],
      ['9999-12-31', 1],
      ['2026-02-30', 0],
      ['2026-1-1', 1],
    ] as const)
      expect(added(d, n), `${d} ${n}`).toBe(viaDate(d, n));
  });

  it('tells the weekday exactly as Date does, on every YYYY-MM-DD text', () => {
    const viaDate = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`)).getUTCDay();
    const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));
    const texts = fc.tuple(digits(4, 9999), digits(2, 13), digits(2, 32)).map(([y, m, d]) => `${y}-${m}-${d}`);
    fc.assert(
      fc.property(fc.oneof(texts, dates), (d) => Object.is(dayOfWeek(d), viaDate(d))),
      { numRuns: 20_000 },
    );
    for (const d of ['1970-01-01', '1969-12-31', '0100-01-01', '2000-02-29', '2026-11-25', '2026-02-30', 'x'])
      expect(Object.is(dayOfWeek(d), viaDate(d)), d).toBe(true);
  });

  it('names zones canonically and refuses unknown ones', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('computes today in a zone, not the machine’s', () => {
    const t = Date.parse('2026-11-23T12:00:00Z');
    expect(todayIn('Pacific/Kiritimati', t)).toBe('2026-11-24');
    expect(todayIn('Pacific/Pago_Pago', t)).toBe('2026-11-23');
    expect(todayIn('Pacific/Pago_Pago', Date.parse('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
  });

  it('starts days at local midnight across DST changes', () => {
    expect(startOfDayIn('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayIn('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    // The 23-hour day of the spring change, and the 25-hour day of the autumn one.
    const spring = dayRangeIn('2026-03-29', '2026-03-29', 'Europe/Paris');
    expect(Date.parse(spring.end) - Date.parse(spring.start)).toBe(23 * 3_600_000);
    const autumn = dayRangeIn('2026-10-25', '2026-10-25', 'Europe/Paris');
    expect(Date.parse(autumn.end) - Date.parse(autumn.start)).toBe(25 * 3_600_000);
  });

  it('a day starts on that day and the instant before it is the day before, in every zone', () => {
    fc.assert(
      fc.property(dates, fc.constantFrom(...ZONES), (date, zone) => {
        const start = Date.parse(startOfDayIn(date, zone));
        expect(dateInZone(start, zone)).toBe(date);
        expect(dateInZone(start - 1, zone)).toBe(addDays(date, -1));
      }),
    );
  });

  it('weeks: Sunday starts the grid; Monday starts the planning week and a Sunday belongs to the previous one', () => {
    expect(sundayOf('2026-11-23')).toBe('2026-11-22');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    fc.assert(
      fc.property(dates, (date) => {
        expect(dayOfWeek(sundayOf(date))).toBe(0);
        expect(dayOfWeek(mondayOf(date))).toBe(1);
        const fromMonday = (dayOfWeek(date) + 6) % 7;
        expect(addDays(mondayOf(date), fromMonday)).toBe(date);
        expect(addDays(sundayOf(date), dayOfWeek(date))).toBe(date);
      }),
    );
  });
});

describe('zone names and offsets', () => {
  it("gives the runtime's outdated names by their current IANA name, and knows which they were", () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(zoneAliases().get('Asia/Kolkata')).toContain('Asia/Calcutta');
    // Every zone the runtime lists has a canonical name that is itself canonical.
    for (const z of Intl.supportedValuesOf('timeZone')) {
      const name = canonicalTimeZone(z) as string;
      expect(canonicalTimeZone(name), z).toBe(name);
    }
  });

  it('writes the offset of a zone at an instant', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(offsetLabel(zoneOffsetMinutes('Asia/Kolkata', winter))).toBe('UTC+05:30');
    expect(offsetLabel(zoneOffsetMinutes('America/New_York', winter))).toBe('UTC-05:00');
    expect(offsetLabel(zoneOffsetMinutes('America/New_York', summer))).toBe('UTC-04:00');
    expect(offsetLabel(zoneOffsetMinutes('Asia/Kathmandu', winter))).toBe('UTC+05:45');
    expect(offsetLabel(zoneOffsetMinutes('UTC', winter))).toBe('UTC+00:00');
  });
});
