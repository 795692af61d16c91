import { describe, expect, it } from 'vitest';
import { ianaZoneOf, offsetOfName } from './zoneNames.js';

/**
 * Each rule with a TZID as a real export wrote it; where it came from is beside it. Names with
 * no other source were written to the producer's documented form.
 */
describe('zone names of real calendars', () => {
  it('reads IANA names in any case, quoted or spaced, and behind an old client’s prefix', () => {
    expect(ianaZoneOf('Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZoneOf('europe/berlin')).toBe('Europe/Berlin');
    // Radicale's Home Assistant report and many feeds: a space after `TZID=`.
    expect(ianaZoneOf(' Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZoneOf('"America/New_York"')).toBe('America/New_York');
    // Thunderbird (Lightning) before 1.0 and Evolution wrote these prefixes.
    expect(ianaZoneOf('/mozilla.org/20050126_1/Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZoneOf('/softwarestudio.org/Olson_20011030_5/America/New_York')).toBe('America/New_York');
    expect(ianaZoneOf('/mozilla.org/20070129_1/America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
    // Old aliases that Google still writes in X-WR-TIMEZONE.
    expect(ianaZoneOf('US/Eastern')).toBe('America/New_York');
    expect(ianaZoneOf('Asia/Calcutta')).toMatch(/^Asia\/(Calcutta|Kolkata)$/);
    // Exchange Online writes `tzone://Microsoft/Utc`.
    expect(ianaZoneOf('tzone://Microsoft/Utc')).toBe('UTC');
  });

  it('reads Windows names through CLDR’s mapping, with the variants Outlook and Webex write', () => {
    // Outlook and Exchange (e.g. home-assistant/core#179613: `DTSTART;TZID=W. Europe Standard Time;VALUE=DATE-TIME:…`).
    expect(ianaZoneOf('W. Europe Standard Time')).toBe('Europe/Berlin');
    // gelin/calendar-bot#42, an Exchange 2010 feed: `DTSTART;TZID=Eastern Standard Time:20241028T113000`.
    expect(ianaZoneOf('Eastern Standard Time')).toBe('America/New_York');
    expect(ianaZoneOf('GMT Standard Time')).toBe('Europe/London');
    expect(ianaZoneOf('Romance Standard Time')).toBe('Europe/Paris');
    expect(ianaZoneOf('AUS Eastern Standard Time')).toBe('Australia/Sydney');
    // Outlook numbers a second definition of a zone in one file.
    expect(ianaZoneOf('W. Europe Standard Time 1')).toBe('Europe/Berlin');
    expect(ianaZoneOf('Eastern Standard Time 1')).toBe('America/New_York');
    // Webex and some Outlook versions write the short or the summer name.
    expect(ianaZoneOf('Pacific Time')).toBe('America/Los_Angeles');
    expect(ianaZoneOf('Eastern Daylight Time')).toBe('America/New_York');
  });

  it('reads Outlook’s display names by their text, else by a listed city with that offset', () => {
    expect(ianaZoneOf('(UTC-05:00) Eastern Time (US & Canada)')).toBe('America/New_York');
    expect(ianaZoneOf('(GMT+10:00) Canberra, Melbourne, Sydney')).toBe('Australia/Sydney');
    // A Swedish Exchange (eouia/MMM-CalendarExt#68): `DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien":2019…`.
    expect(ianaZoneOf('(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien')).toBe('Europe/Berlin');
    // Older wordings of London's zone.
    expect(ianaZoneOf('(UTC) Dublin, Edinburgh, Lisbon, London')).toBe('Europe/London');
    expect(ianaZoneOf('(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London')).toBe('Europe/London');
    // A city with another offset is not taken: Sydney is not at UTC+01:00.
    expect(ianaZoneOf('(UTC+01:00) Sydney')).toBeNull();
  });

  it('leaves unknown names to the file’s VTIMEZONE, and reads names that are only an offset', () => {
    // Exchange's own name for a zone it defines in the file.
    expect(ianaZoneOf('Customized Time Zone')).toBeNull();
    expect(ianaZoneOf('')).toBeNull();
    // Google (libical/libical#152): `DTSTART;TZID=GMT+05:30:20120904T020000`.
    expect(ianaZoneOf('GMT+05:30')).toBeNull();
    expect(offsetOfName('GMT+05:30')).toBe(330);
    expect(offsetOfName('UTC-03:00')).toBe(-180);
    // The same Swedish Exchange: `DTSTART;TZID=(UTC) Koordinerad universell tid:20190925T080000`.
    expect(offsetOfName('(UTC) Koordinerad universell tid')).toBe(0);
    expect(offsetOfName('GMT Standard Time')).toBeNull();
    expect(offsetOfName('Customized Time Zone')).toBeNull();
  });
});
