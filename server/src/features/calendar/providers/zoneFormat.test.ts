import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dateOfInstant, isoInZone } from './zoneFormat.js';

describe('isoInZone', () => {
  it('writes instants with the zone offset of that instant, across DST changes and odd offsets', () => {
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const zone of zones) {
      for (let h = 0; h < 24 * 365; h += 7) {
        const ms = start + h * 3_600_000 + 17 * 60_000;
        const expected = format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ssXXX");
        expect(isoInZone(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(expected);
        expect(Date.parse(isoInZone(ms, zone))).toBe(ms);
      }
    }
    expect(dateOfInstant('2026-03-08T04:30:00Z', 'America/New_York')).toBe('2026-03-07');
  });
});
