import ICAL from 'ical.js';
import { CalendarError } from './types.js';
import { withoutQuotes } from './zoneNames.js';

/**
 * iCalendar text as real calendars write it, read by ical.js with the few repairs the major
 * clients make. ical.js refuses a whole file for one value it cannot read; so when it refuses,
 * the file is read again line by line: each content line is parsed on its own
 * (`ICAL.parse.property`), a line that fails is repaired where the fault is a known one, and
 * otherwise left out. An event that loses a line it cannot do without (its start, end, length,
 * repeat rule, extra or excluded dates, or the occurrence it changes) is left out whole and
 * reported with the reason; any other line is only dropped. Only data with no VCALENDAR at
 * all is refused.
 *
 * Repairs, each seen in real exports:
 * - a quote closed after the value instead of before the colon, as Exchange 2010 wrote it:
 *   `DTSTART;TZID="W. Europe Standard Time:20100329T090000"`;
 * - a colon inside an unquoted TZID, as Google wrote it: `DTSTART;TZID=GMT+05:30:20120904T020000`
 *   (the value follows the last colon, as libical reads it);
 * - a date without `VALUE=DATE` (`DTSTART:20260212`), a date with a Z (`RDATE:20131210Z`, Google's
 *   birthdays), a date-time under `VALUE=DATE`, spaces inside a date or around a parameter, an
 *   empty item in a date list (`EXDATE:…,…,`);
 * - a continuation line that lost its leading space (a folded description), joined to the
 *   line before it;
 * - components left open at the end of a truncated file, closed there; several VCALENDARs in
 *   one file, read as one.
 */

export interface SkippedEvent {
  summary: string | null;
  reason: string;
}

export interface TextReading {
  root: ICAL.Component;
  /** VEVENTs left out because a line they need could not be read. */
  skipped: SkippedEvent[];
  /** Content lines read only after a repair. */
  repaired: number;
}

const NOT_A_CALENDAR = 'The address did not send a calendar: its answer is not valid iCalendar data.';

/** Reads iCalendar text; throws CalendarError only when it holds no calendar at all. */
export function readIcalText(text: string): TextReading {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!/^BEGIN:VCALENDAR\s*$/im.test(source)) throw new CalendarError(NOT_A_CALENDAR);
  try {
    const jcal = ICAL.parse(source) as unknown;
    const root = rootOf(Array.isArray(jcal) && typeof jcal[0] === 'string' ? [jcal] : (jcal as unknown[]));
    // ical.js reads values when they are first asked for: each is read now, so that one it
    // cannot read sends the file down the careful path instead of failing later.
    if (root && everyValueReads(root)) return { root, skipped: [], repaired: 0 };
  } catch {
    // Read line by line below.
  }
  return readLeniently(source);
}

function everyValueReads(comp: ICAL.Component): boolean {
  try {
    for (const p of comp.getAllProperties()) p.getValues();
  } catch {
    return false;
  }
  return comp.getAllSubcomponents().every(everyValueReads);
}

type JProp = [string, Record<string, unknown>, string, ...unknown[]];
type JComp = [string, JProp[], JComp[]];

/** One VCALENDAR of the parsed components: the first, with the others' components added. */
function rootOf(comps: unknown[]): ICAL.Component | null {
  const calendars = (comps as JComp[]).filter((c) => Array.isArray(c) && c[0] === 'vcalendar');
  const first = calendars[0];
  if (!first) return null;
  for (const other of calendars.slice(1)) first[2].push(...other[2]);
  return new ICAL.Component(first as unknown as unknown[]);
}

/** Properties an event cannot be shown without, and how a reason names them. */
const ESSENTIAL: Record<string, string> = {
  dtstart: 'its start',
  dtend: 'its end',
  duration: 'its length',
  rrule: 'its repeat rule',
  rdate: 'its extra dates',
  exdate: 'its excluded dates',
  'recurrence-id': 'the occurrence it changes',
};
const DATE_PROPS = new Set(['dtstart', 'dtend', 'due', 'recurrence-id', 'exdate', 'rdate']);
const TEXT_PROPS = new Set(['summary', 'description', 'location', 'comment', 'x-alt-desc', 'contact']);

interface Building {
  name: string;
  props: JProp[];
  /** The raw line of each property, to join a lost continuation line to. */
  raw: string[];
  comps: Building[];
  /** The first essential line that could not be read. */
  broken: { prop: string; line: string } | null;
}

function readLeniently(text: string): TextReading {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  const top: Building[] = [];
  const stack: Building[] = [];
  let repaired = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    const edge = /^(BEGIN|END)\s*:\s*([A-Za-z0-9-]+)\s*$/i.exec(line);
    if (edge) {
      const name = (edge[2] as string).toLowerCase();
      if ((edge[1] as string).toUpperCase() === 'BEGIN') {
        const comp: Building = { name, props: [], raw: [], comps: [], broken: null };
        (stack.at(-1)?.comps ?? top).push(comp);
        stack.push(comp);
      } else if (stack.some((c) => c.name === name)) {
        while (stack.pop()?.name !== name) {}
      }
      continue;
    }
    const comp = stack.at(-1);
    if (!comp) continue;
    const parsed = parseLine(line);
    if (parsed) {
      comp.props.push(parsed.prop);
      comp.raw.push(line);
      if (parsed.repaired) repaired++;
      continue;
    }
    // A folded line that lost its leading space continues the text property before it.
    const previous = comp.props.length - 1;
    const prevRaw = comp.raw[previous];
    if (prevRaw !== undefined && TEXT_PROPS.has(comp.props[previous]?.[0] ?? '') && !/^[A-Za-z-]+[;:]/.test(line)) {
      const joined = parseLine(prevRaw + line);
      if (joined) {
        comp.props[previous] = joined.prop;
        comp.raw[previous] = prevRaw + line;
        repaired++;
        continue;
      }
    }
    const name = /^([A-Za-z0-9-]+)/.exec(line)?.[1]?.toLowerCase() ?? '';
    if (comp.name === 'vevent' && name in ESSENTIAL) comp.broken ??= { prop: name, line };
    if (comp.name === 'vtimezone' || comp.name === 'standard' || comp.name === 'daylight')
      comp.broken ??= { prop: name, line };
  }

  const skipped: SkippedEvent[] = [];
  const keep = (c: Building): JComp | null => {
    if (c.broken) {
      if (c.name === 'vevent') {
        const summary = c.props.find((p) => p[0] === 'summary')?.[3];
        const label = typeof summary === 'string' && summary.trim() ? summary.trim() : null;
        skipped.push({
          summary: label,
          reason: `${label ? `“${label.slice(0, 80)}”` : 'An event'}: ${ESSENTIAL[c.broken.prop]} could not be read (${c.broken.line.slice(0, 100)})`,
        });
      }
      return null;
    }
    const comps = c.comps.map(keep).filter((x): x is JComp => x !== null);
    // A zone missing one of its rules is left out whole (its times are then read by name).
    if (c.name === 'vtimezone' && c.comps.some((x) => x.broken)) return null;
    return [c.name, c.props, comps];
  };
  const root = rootOf(top.map(keep).filter((x): x is JComp => x !== null));
  if (!root) throw new CalendarError(NOT_A_CALENDAR);
  return { root, skipped, repaired };
}

/** A content line as a jCal property, repaired if it must be; null when it cannot be read. */
function parseLine(line: string): { prop: JProp; repaired: boolean } | null {
  const asIs = tryParse(line);
  if (asIs) return { prop: asIs, repaired: false };
  for (const repair of REPAIRS) {
    const fixed = repair(line);
    const prop = fixed !== null && fixed !== line ? tryParse(fixed) : null;
    if (prop) return { prop, repaired: true };
  }
  return null;
}

function tryParse(line: string): JProp | null {
  try {
    const prop = ICAL.parse.property(line) as unknown as JProp;
    // Its values read as ical.js will read them later (a date it parsed as text fails here).
    new ICAL.Property(prop as unknown as unknown[]).getValues();
    return prop;
  } catch {
    return null;
  }
}

/** Each returns the repaired line, or null when it does not apply. */
const REPAIRS: Array<(line: string) => string | null> = [rebuildDateLine, fixRecurRule];

const DATE_LIST_RE = /^(\d{8}(T\d{6}Z?)?(\/[0-9TZPWDHMS+-]+)?)(,\d{8}(T\d{6}Z?)?(\/[0-9TZPWDHMS+-]+)?)*$/;

/**
 * A date property written again the way it was meant: the value after the last colon (a date
 * list has none), parameters split outside quotes and quoted again where they must be, spaces
 * and empty list items gone, `VALUE=DATE` set or dropped to match the value.
 */
export function rebuildDateLine(line: string): string | null {
  const nameMatch = /^([A-Za-z-]+)\s*([;:])/.exec(line);
  const name = nameMatch?.[1]?.toLowerCase();
  if (!nameMatch || !name || !DATE_PROPS.has(name)) return null;
  const lastColon = line.lastIndexOf(':');
  if (lastColon < 0) return null;
  let value = line
    .slice(lastColon + 1)
    .replace(/[\s"]+/g, '')
    .split(',')
    .filter(Boolean)
    // Google's birthdays calendar writes a date with a Z (`RDATE:20131210Z`).
    .map((v) => (/^\d{8}Z$/.test(v) ? v.slice(0, 8) : v))
    .join(',');
  const params: Array<[string, string]> = [];
  const paramText = line.slice((nameMatch[1] as string).length, lastColon);
  for (const part of splitOutsideQuotes(paramText, ';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toUpperCase();
    const v = withoutQuotes(part.slice(eq + 1));
    if (key) params.push([key, v]);
  }
  const allDates = value.split(',').every((v) => /^\d{8}$/.test(v));
  const valueParam = params.find(([k]) => k === 'VALUE');
  if (valueParam?.[1].toUpperCase() === 'DATE' && !allDates) {
    // `VALUE=DATE` over date-times: the dates they fall on.
    value = value
      .split(',')
      .map((v) => v.slice(0, 8))
      .join(',');
  } else if (allDates && !valueParam) {
    params.push(['VALUE', 'DATE']);
  }
  if (!DATE_LIST_RE.test(value)) return null;
  const paramsText = params
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `;${k}=${/[:;,]/.test(v) ? `"${v.replace(/"/g, '')}"` : v}`)
    .join('');
  return `${(nameMatch[1] as string).toUpperCase()}${paramsText}:${value}`;
}

/** RRULE written with spaces, in lower case or with a stray separator. */
function fixRecurRule(line: string): string | null {
  const m = /^RRULE\s*:(.*)$/i.exec(line);
  if (!m) return null;
  const parts = (m[1] as string)
    .replace(/\s+/g, '')
    .split(';')
    .filter((p) => p.includes('='))
    .map((p) => {
      const [k, v] = p.split('=') as [string, string];
      return `${k.toUpperCase()}=${v.toUpperCase().split(',').filter(Boolean).join(',')}`;
    });
  return `RRULE:${parts.join(';')}`;
}

function splitOutsideQuotes(text: string, sep: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  // An unbalanced quote swallowed the rest: split that part again without quotes.
  if (quoted) return out.flatMap((p) => p.split(sep));
  return out.filter((p) => p.length > 0);
}
