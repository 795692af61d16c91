import { describe, expect, it } from 'vitest';
import { addDays, startOfDayIn, todayIn } from '#common/time.js';
import { dayStartIn, todayInZone } from './dayStarts.js';

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Pacific/Kiritimati', 'America/Santiago', 'Asia/Kolkata'];

describe('remembered day starts and today', () => {
  it('give the same answers as the zone arithmetic, asked twice, across daylight-saving changes', () => {
    for (const zone of ZONES) {
      for (const date of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-06', '2026-10-25', '2026-11-01']) {
        expect(dayStartIn(date, zone)).toBe(startOfDayIn(date, zone));
        expect(dayStartIn(date, zone)).toBe(startOfDayIn(date, zone));
      }
    }
  });

  it('today follows the clock over midnight and over a change of offset', () => {
    for (const zone of ZONES) {
      // Every 20 minutes over three days around Paris's spring change, in order and back again.
      const t0 = Date.parse('2026-03-28T00:00:00Z');
      const instants = Array.from({ length: 216 }, (_, i) => t0 + i * 20 * 60_000);
      for (const t of [...instants, ...instants.reverse()]) {
        expect(todayInZone(zone, t)).toBe(todayIn(zone, t));
      }
      // The instant a day starts belongs to it; the one before to the day before.
      const start = Date.parse(startOfDayIn('2026-03-30', zone));
      expect(todayInZone(zone, start)).toBe('2026-03-30');
      expect(todayInZone(zone, start - 1)).toBe(addDays('2026-03-30', -1));
      expect(todayInZone(zone, new Date(start))).toBe('2026-03-30');
    }
  });
});
