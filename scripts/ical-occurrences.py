#!/usr/bin/python3
"""Every occurrence of iCalendar files within a window, by an implementation independent of Daymark.

Daymark expands recurring events itself (ical.js, server/src/calendar/ical.ts). This script does
the same with Debian's python3-icalendar (4.0.3), python3-recurring-ical-events (2.0.1) and
python3-x-wr-timezone (0.0.5), so the corpus test (server/src/test/calendarCorpus.test.ts) can
compare the two. Run it with /usr/bin/python3 (the Debian packages live there).

Input, on stdin: a JSON list of {"name", "text" (or "path"), "start", "end", "zone"}: the window
[start, end) as ISO instants and the IANA zone of the reader (floating times are read in it when
the file has no X-WR-TIMEZONE; all-day dates are days in it).
Output, on stdout: a JSON object, name -> {"error", "uids", "failed", "notes", "occurrences"}:
  occurrences: [{"uid", "summary", "allDay", "start", "end"}], timed ones as UTC instants
               (2026-03-01T09:00:00Z), all-day ones as dates (end exclusive);
  uids:        every UID the file's VEVENTs carry;
  failed:      {uid: why} for events this implementation cannot tell about (not to be compared):
               a date property icalendar could not read, a TZID it cannot resolve, an error while
               expanding; every event without UID shares the key '(no UID)';
  notes:       what was skipped besides (a VTIMEZONE that could not be read);
  error:       a message when not even the calendar's own lines could be read.
The script exits with status 3, naming the Debian packages, when they are not installed.

How the pieces behave (read from their sources as installed):
- TZID resolution (icalendar 4.0.3, vDatetime.from_ical): a TZID is first looked up as a pytz
  zone (IANA names and their aliases, e.g. US/Pacific); then in icalendar's table of Windows zone
  names (windows_to_olson.py, e.g. 'W. Europe Standard Time' -> Europe/Berlin; display names such
  as '(UTC-05:00) Eastern Time (US & Canada)' are not in it); then in a cache of the VTIMEZONEs
  read so far whose TZID pytz does not know (filled when END:VTIMEZONE is parsed, so only zones
  defined before the event count, and the first definition of a name wins). A TZID found nowhere
  gives a floating time: such events are reported in `failed` instead. The cache is global to
  the process: it is emptied before each file, and the file's VTIMEZONEs are read first.
- X-WR-TIMEZONE: recurring_ical_events.of() calls x_wr_timezone.to_standard() itself, which
  turns UTC and floating DTSTART/DTEND/RDATE/EXDATE/RECURRENCE-ID values into that zone (so a
  UTC series repeats at the same wall-clock time across daylight saving changes, which is how
  x_wr_timezone reads Google Calendar's exports). Floating times in a file without X-WR-TIMEZONE
  are read in the reader's zone.
- recurring_ical_events 2.0.1 does not drop STATUS:CANCELLED components; here a cancelled
  occurrence (a cancelled override, or a cancelled event) is left out, as Daymark does.
- Where 2.0.1 falls short of RFC 5545, this script completes it: an all-day event without DTEND
  or DURATION lasts one day (2.0.1: no time); RDATE;VALUE=PERIOD values are occurrences of their
  own length (2.0.1 fails on them); a UTC UNTIL on a floating series is that instant in the
  reader's zone (2.0.1 drops the Z and reads it as a wall-clock time).
- Two lines icalendar 4.0.3 cannot read at all, where the writer's meaning is plain, are read as
  meant (see `repaired`): Exchange's misplaced quote in DTSTART;TZID="Zone:20200609T090000", and
  spaces in an RRULE's lists (BYDAY=MO, TU, WE, from Exchange's CDO).
- Each VTIMEZONE and VEVENT is read on its own, and each UID expanded on its own (with the
  file's time zones and calendar properties), so one part this library cannot read does not hide
  the others.

A window rule both sides share: a timed occurrence counts when start < window end and
(end > window start or start >= window start); an all-day one when its first day starts (in the
reader's zone) before the window end and its end date starts after the window start.

--suggest-shifts corpus.json: for the corpus manifest, the shifts of whole weeks (52-week steps)
that bring each file's events into today's cache window while every date-time keeps its UTC
offset and every series' DTSTART and overridden occurrences stay on its rule.
"""

import datetime
import json
import re
import sys

PACKAGES = 'python3-icalendar python3-recurring-ical-events python3-x-wr-timezone'
try:
    import icalendar
    import icalendar.cal
    import pytz
    import recurring_ical_events
    import x_wr_timezone  # noqa: F401  (recurring_ical_events.of uses it)
except ImportError as err:  # pragma: no cover
    sys.stderr.write(f'ical-occurrences: {err}. Install the Debian packages: apt-get install {PACKAGES}\n')
    sys.exit(3)

UTC = pytz.utc
SLACK = datetime.timedelta(days=2)


def instant(text):
    return datetime.datetime.fromisoformat(text.replace('Z', '+00:00')).astimezone(UTC)


def utc_text(dt):
    return dt.astimezone(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')


def first(value):
    """A property that a component repeats (UID twice) comes back as a list: take the first."""
    if isinstance(value, list):
        return value[0] if value else None
    return value


def as_instant(value, zone):
    if value.tzinfo is None:
        return zone.localize(value)
    return value


def midnight(day, zone):
    return zone.localize(datetime.datetime(day.year, day.month, day.day))


def overlaps(occ, window, zone):
    ws, we = window
    if occ['allDay']:
        start = midnight(occ['_start'], zone)
        return start < we and midnight(occ['_end'], zone) > ws
    start, end = occ['_start'], occ['_end']
    return start < we and (end > ws or start >= ws)


def groups_of(cal):
    """The file's VEVENTs by UID (an event without UID alone), in file order."""
    groups = {}
    for index, event in enumerate(cal.walk('VEVENT')):
        uid = first(event.get('UID'))
        key = str(uid) if uid is not None else f'\0{index}'
        groups.setdefault(key, []).append(event)
    return groups


def sub_calendar(cal, events):
    sub = icalendar.Calendar()
    for key, value in cal.items():
        sub[key] = value
    for component in cal.subcomponents:
        if component.name == 'VTIMEZONE':
            sub.add_component(component)
    for event in events:
        sub.add_component(event)
    return sub


def without_periods(event):
    """recurring_ical_events 2.0.1 cannot expand RDATE;VALUE=PERIOD: the periods are taken out of
    the event and returned as (start, end) pairs, each an occurrence of its own length."""
    rdates = event.get('RDATE')
    if rdates is None or 'RECURRENCE-ID' in event:
        return []
    lists = rdates if isinstance(rdates, list) else [rdates]
    periods = [ddd.dt for rdate in lists for ddd in rdate.dts if isinstance(ddd.dt, tuple)]
    if not periods:
        return []
    kept = [icalendar.prop.vDDDLists([ddd.dt for ddd in rdate.dts if not isinstance(ddd.dt, tuple)]) for rdate in lists]
    del event['RDATE']
    for rdate in kept:
        if rdate.dts:
            event.add('RDATE', rdate)
    return [(start, end if isinstance(end, datetime.datetime) else start + end) for start, end in periods]


def occurrences_of(sub, uid, window, zone):
    ws, we = window
    span = ((ws - SLACK).replace(tzinfo=None), (we + SLACK).replace(tzinfo=None))
    out = []
    found = []
    for event in sub.walk('VEVENT'):
        for start, end in without_periods(event):
            found.append((event, start, end))
    for event in recurring_ical_events.of(sub).between(*span):
        found.append((event, event['DTSTART'].dt, event['DTEND'].dt if 'DTEND' in event else None))
    for event, start, end in found:
        if str(first(event.get('STATUS', '')) or '').upper() == 'CANCELLED':
            continue
        if end is None:
            end = start
        all_day = not isinstance(start, datetime.datetime)
        if all_day:
            if isinstance(end, datetime.datetime):
                end = end.date()
            if end <= start:
                end = start + datetime.timedelta(days=1)
        else:
            start = as_instant(start, zone)
            end = as_instant(end, zone) if isinstance(end, datetime.datetime) else midnight(end, zone)
        occ = {
            'uid': uid,
            'summary': str(first(event.get('SUMMARY', '')) or ''),
            'allDay': all_day,
            '_start': start,
            '_end': end,
        }
        if overlaps(occ, window, zone):
            occ['start'] = start.isoformat() if all_day else utc_text(start)
            occ['end'] = end.isoformat() if all_day else utc_text(end)
            out.append(occ)
    for occ in out:
        del occ['_start'], occ['_end']
    return out


# Lines icalendar 4.0.3 cannot read at all, where what the writer meant is plain. Only the text
# this script reads is repaired (Daymark is given the text as published):
# - Exchange's misplaced quote, DTSTART;TZID="W. Europe Standard Time:20200609T090000", is read as
#   DTSTART;TZID="W. Europe Standard Time":20200609T090000;
# - spaces in an RRULE's lists (Exchange CDO's BYDAY=MO, TU, WE) are dropped.
MISPLACED_QUOTE = re.compile(r'^([A-Za-z-]+(?:;[^:"]*)*;TZID=)"([^":]*):([0-9TZ]+)"(\r?)$')
DATE_PROPS = {'DTSTART', 'DTEND', 'DURATION', 'RRULE', 'RDATE', 'EXDATE', 'RECURRENCE-ID'}


def repaired(text):
    lines = re.split(r'(?<=\n)', text)
    out = []
    for line in lines:
        body = line.rstrip('\n')
        m = MISPLACED_QUOTE.match(body)
        if m:
            body = f'{m.group(1)}"{m.group(2)}":{m.group(3)}{m.group(4)}'
        elif body.upper().startswith('RRULE'):
            body = body.replace(', ', ',')
        out.append(body + line[len(line.rstrip('\n')):])
    return ''.join(out)


def blocks_of(text):
    """The VCALENDAR's own lines, and its subcomponents as blocks of lines (unfolded)."""
    lines = re.sub(r'\r?\n[ \t]', '', text).splitlines()
    header, blocks, depth, current = [], [], 0, None
    for line in lines:
        upper = line.upper()
        if upper.startswith('BEGIN:'):
            depth += 1
            if depth == 2:
                current = []
        if depth >= 2 and current is not None:
            current.append(line)
        elif depth == 1 and upper not in ('BEGIN:VCALENDAR', 'END:VCALENDAR'):
            header.append(line)
        if upper.startswith('END:'):
            if depth == 2 and current is not None:
                blocks.append(current)
                current = None
            depth -= 1
    return header, blocks


def calendar_of(text, result):
    """The calendar, each VTIMEZONE and VEVENT read on its own: one this library cannot read is
    reported (its UID not compared) instead of sinking the file."""
    header, blocks = blocks_of(text)

    def wrap(lines):
        return '\r\n'.join(['BEGIN:VCALENDAR', *lines, 'END:VCALENDAR', ''])

    cal = icalendar.Calendar.from_ical(wrap(header))
    for kind in ('VTIMEZONE', 'VEVENT'):
        for block in blocks:
            if block[0].upper() != f'BEGIN:{kind}':
                continue
            try:
                component = icalendar.Calendar.from_ical(wrap(block)).subcomponents[0]
            except Exception as err:
                message = f'{type(err).__name__}: {err}'
                if kind == 'VTIMEZONE':
                    result['notes'].append(f'a VTIMEZONE could not be read ({message})')
                else:
                    fail(result, next((line[4:] for line in block if line.upper().startswith('UID:')), None), message)
                continue
            cal.add_component(component)
    return cal


def fail(result, uid, message):
    """Events this script cannot expand, by UID (every event without one under '(no UID)')."""
    key = uid or '(no UID)'
    result['failed'][key] = f"{result['failed'][key]}; {message}" if key in result['failed'] else message


def unknown_zones(events, cal):
    """TZIDs that are neither pytz zones, nor Windows names icalendar knows, nor defined in the
    file: icalendar reads such a time as floating, a guess at best, so these events are not
    compared."""
    from icalendar.windows_to_olson import WINDOWS_TO_OLSON

    defined = {str(first(tz.get('TZID'))) for tz in cal.walk('VTIMEZONE')}
    unknown = set()
    for event in events:
        for name in ('DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE'):
            values = event.get(name)
            for value in values if isinstance(values, list) else [values]:
                tzid = getattr(value, 'params', {}).get('TZID')
                if tzid and tzid not in defined and tzid not in WINDOWS_TO_OLSON and tzid not in pytz.all_timezones_set:
                    unknown.add(tzid)
    return unknown


def until_as_floating(event, zone):
    """A UTC UNTIL on a floating series (Exchange writes them) is that instant in the reader's zone;
    recurring_ical_events 2.0.1 would drop its Z and read it as a wall-clock time."""
    start = event['DTSTART'].dt
    rules = event.get('RRULE')
    if not isinstance(start, datetime.datetime) or start.tzinfo is not None or rules is None:
        return
    for rule in rules if isinstance(rules, list) else [rules]:
        until = rule.get('UNTIL', [None])[0]
        if isinstance(until, datetime.datetime) and until.tzinfo is not None:
            rule['UNTIL'] = [until.astimezone(zone).replace(tzinfo=None)]


def expand(item):
    icalendar.cal._timezone_cache.clear()
    text = item['text'] if 'text' in item else open(item['path'], encoding='utf-8').read()
    # Zone names icalendar 4.0.3 cannot read (Outlook's display names), given by the manifest as
    # the IANA zone Microsoft documents for each: only Python's copy is changed.
    for name, iana in item.get('zoneNames', {}).items():
        text = text.replace(f'TZID="{name}"', f'TZID={iana}').replace(f'TZID={name}:', f'TZID={iana}:')
    zone = pytz.timezone(item['zone'])
    window = (instant(item['start']), instant(item['end']))
    result = {'error': None, 'uids': [], 'failed': {}, 'notes': [], 'occurrences': []}
    try:
        cal = calendar_of(repaired(text), result)
    except Exception as err:  # not even the calendar's own lines could be read
        result['error'] = f'{type(err).__name__}: {err}'
        return result
    for key, events in groups_of(cal).items():
        uid = None if key.startswith('\0') else key
        if uid is not None:
            result['uids'].append(uid)
        unread = [f'{name}: {message}' for e in events for name, message in e.errors if name in DATE_PROPS]
        if unread:
            fail(result, uid, '; '.join(unread))
            continue
        unknown = sorted(unknown_zones(events, cal))
        if unknown:
            fail(result, uid, f'TZID {", ".join(unknown)} is unknown to icalendar 4.0.3 (no VTIMEZONE)')
            continue
        events = [e for e in events if 'DTSTART' in e]  # no start, no occurrence
        if not events:
            continue
        if 'X-WR-TIMEZONE' not in cal:
            for event in events:
                until_as_floating(event, zone)
        try:
            result['occurrences'].extend(occurrences_of(sub_calendar(cal, events), uid, window, zone))
        except Exception as err:
            fail(result, uid, f'{type(err).__name__}: {err}')
    return result


# --- choosing shifts for the corpus manifest ---------------------------------------------------

SHIFTED = ('DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE')


def local_values(text):
    """The (date-time, TZID) values of the shifted properties outside VTIMEZONE (unfolded)."""
    lines = re.sub(r'\r?\n[ \t]', '', text).splitlines()
    depth, values = 0, []
    for line in lines:
        upper = line.upper()
        if upper.startswith('BEGIN:VTIMEZONE'):
            depth += 1
        elif upper.startswith('END:VTIMEZONE'):
            depth -= 1
        elif depth == 0 and re.match(r'(%s)[;:]' % '|'.join(SHIFTED), upper):
            tzid = re.search(r';TZID="?([^";:]+)', line)
            for m in re.finditer(r'(?<!\d)(\d{8})(?:T(\d{6})(Z?))?(?!\d)', line):
                if m.group(2) is None:  # a date: whole weeks keep its weekday, nothing else to keep
                    values.append((datetime.datetime.strptime(m.group(1), '%Y%m%d'), 'DATE'))
                    continue
                dt = datetime.datetime.strptime(m.group(1) + m.group(2), '%Y%m%d%H%M%S')
                values.append((dt, 'UTC' if m.group(3) else (tzid.group(1) if tzid else None)))
    return values


def offset_kept(values, weeks, zones):
    from icalendar.windows_to_olson import WINDOWS_TO_OLSON

    delta = datetime.timedelta(weeks=weeks)
    for dt, tzid in values:
        if tzid == 'DATE':
            continue
        names = zones if tzid in (None, 'UTC') else [WINDOWS_TO_OLSON.get(tzid, tzid)]
        for name in names:
            try:
                tz = pytz.timezone(name)
            except pytz.UnknownTimeZoneError:
                continue
            if tzid == 'UTC':
                before, after = UTC.localize(dt).astimezone(tz), UTC.localize(dt + delta).astimezone(tz)
            else:
                before, after = tz.localize(dt), tz.localize(dt + delta)
            if before.utcoffset() != after.utcoffset():
                return False
    return True


def naive(value):
    """A DTSTART, UNTIL or RECURRENCE-ID as its wall-clock time (a date as its midnight)."""
    if isinstance(value, datetime.datetime):
        return value.replace(tzinfo=None)
    return datetime.datetime(value.year, value.month, value.day)


def rules_kept(text, weeks, lo, hi):
    """Whether each moved DTSTART and RECURRENCE-ID that lands in [lo, hi] is still an occurrence of
    its moved RRULE: weekdays are kept, but a series' "last Friday" or "in February" may not be,
    and a DTSTART off its rule has no defined meaning (RFC 5545 3.8.5.3)."""
    from dateutil.rrule import rrulestr

    delta = datetime.timedelta(weeks=weeks)
    cal = calendar_of(repaired(text), {'failed': {}, 'notes': []})
    for events in groups_of(cal).values():
        masters = [e for e in events if 'RRULE' in e and 'RECURRENCE-ID' not in e and 'DTSTART' in e]
        for master in masters:
            rule = first(master['RRULE']).copy()
            if 'UNTIL' in rule:
                rule['UNTIL'] = [naive(rule['UNTIL'][0]) + delta]
            start = naive(master['DTSTART'].dt) + delta
            series = rrulestr(rule.to_ical().decode(), dtstart=start)
            moved = [start] + [naive(e['RECURRENCE-ID'].dt) + delta for e in events if 'RECURRENCE-ID' in e]
            for value in moved:
                if lo <= value <= hi and not series.between(value, value, inc=True):
                    return False
    return True


def suggest_shifts(manifest_path):
    """Shifts of 52-week steps that put most of a file's start times inside the cache window of
    today (370 days back, 190 ahead), every date-time keeping its UTC offset; best first."""
    import os

    manifest = json.load(open(manifest_path, encoding='utf-8'))
    base = os.path.dirname(manifest_path)
    now = datetime.datetime.utcnow()
    lo, hi = now - datetime.timedelta(days=360), now + datetime.timedelta(days=180)
    window = (now - datetime.timedelta(days=380), now + datetime.timedelta(days=200))
    for entry in manifest['files']:
        text = open(os.path.join(base, entry['file']), encoding='utf-8').read()
        values = local_values(text)
        if not values:
            print(f"{entry['file']}: no date-times")
            continue
        scored = []
        for k in range(0, 40):
            weeks = 52 * k
            if not offset_kept(values, weeks, [entry['zone']]) or not rules_kept(text, weeks, *window):
                continue
            moved = [dt + datetime.timedelta(weeks=weeks) for dt, _ in values]
            inside = [dt for dt in moved if lo <= dt <= hi]
            if inside:
                scored.append((-len(inside), -weeks, f'{weeks} ({len(inside)} of {len(moved)} inside, {min(inside):%Y-%m-%d}..{max(inside):%Y-%m-%d})'))
        best = [text for _, _, text in sorted(scored)[:3]]
        print(f"{entry['file']}: {', '.join(best) or 'none'}; manifest: {entry.get('shiftWeeks', 0)}")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == '--suggest-shifts':
        suggest_shifts(sys.argv[2])
        return
    items = json.load(sys.stdin)
    json.dump({item['name']: expand(item) for item in items}, sys.stdout)


if __name__ == '__main__':
    main()
