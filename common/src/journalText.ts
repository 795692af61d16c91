/**
 * The daily note is written as text in the zen editor. Its structured parts (morning
 * preparation and evening shutdown) are extracted from headings and dash bullets, and can be
 * rendered back into the same text.
 */

import { atxHeading } from './markdownHeading.js';

export interface MorningPart {
  daily_priorities: string[];
  gtd_next_actions: string[];
  waiting_for: string[];
  anticipated_challenges: string;
  perspective_reminder: string;
  energy_level: number;
  /** The 'Goals for the Day' text, shown as today's personal goal. */
  personal_goal?: string;
}

export interface EveningPart {
  wins: string[];
  frustrations: string;
  values_alignment: string;
  open_loops: string[];
  personal_time: string[];
}

export interface DailyStructuredData {
  morning?: MorningPart;
  evening?: EveningPart;
}

export const MORNING_HEADING = 'Morning Preparation';
export const EVENING_HEADING = 'Evening Shutdown';
export const GOALS_HEADING = 'Goals for the Day';
export const JOURNAL_HEADING = 'Daily Journal';
export const DEFAULT_ENERGY_LEVEL = 5;

/** The text a new daily note starts with. */
export const DAILY_TEMPLATE = `## ${GOALS_HEADING}\n- \n\n## ${JOURNAL_HEADING}\n`;

type ListKey = 'daily_priorities' | 'gtd_next_actions' | 'waiting_for' | 'wins' | 'open_loops' | 'personal_time';
type TextKey = 'anticipated_challenges' | 'perspective_reminder' | 'frustrations' | 'values_alignment';

interface Sub {
  title: string;
  part: 'morning' | 'evening';
  key: ListKey | TextKey | 'energy_level';
  kind: 'list' | 'text' | 'energy';
}

const SUBS: Sub[] = [
  { title: 'Daily Priorities', part: 'morning', key: 'daily_priorities', kind: 'list' },
  { title: 'GTD Next Actions', part: 'morning', key: 'gtd_next_actions', kind: 'list' },
  { title: 'Waiting For', part: 'morning', key: 'waiting_for', kind: 'list' },
  { title: 'Anticipated Challenges', part: 'morning', key: 'anticipated_challenges', kind: 'text' },
  { title: 'Perspective Reminder', part: 'morning', key: 'perspective_reminder', kind: 'text' },
  { title: 'Energy Level', part: 'morning', key: 'energy_level', kind: 'energy' },
  { title: 'Wins', part: 'evening', key: 'wins', kind: 'list' },
  { title: 'Frustrations', part: 'evening', key: 'frustrations', kind: 'text' },
  { title: 'Values Alignment', part: 'evening', key: 'values_alignment', kind: 'text' },
  { title: 'Open Loops', part: 'evening', key: 'open_loops', kind: 'list' },
  { title: 'Personal Time', part: 'evening', key: 'personal_time', kind: 'list' },
];

export const emptyMorning = (): MorningPart => ({
  daily_priorities: [],
  gtd_next_actions: [],
  waiting_for: [],
  anticipated_challenges: '',
  perspective_reminder: '',
  energy_level: DEFAULT_ENERGY_LEVEL,
});

export const emptyEvening = (): EveningPart => ({
  wins: [],
  frustrations: '',
  values_alignment: '',
  open_loops: [],
  personal_time: [],
});

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The title of the markdown heading that `line` is, once trimmed; undefined for other lines. */
const headingTitle = (line: string) => atxHeading(line.trim())?.title;

/** The subheadings by their normalised titles; Energy Level is matched as a prefix. */
const SUB_BY_TITLE = new Map(SUBS.filter((s) => s.kind !== 'energy').map((s) => [norm(s.title), s]));
const ENERGY_SUB = SUBS.find((s) => s.kind === 'energy') as Sub;
const ENERGY_TITLE = norm(ENERGY_SUB.title);

/** The subheading a normalised title names. */
function subOfNormal(t: string): Sub | undefined {
  return SUB_BY_TITLE.get(t) ?? (t.startsWith(ENERGY_TITLE) ? ENERGY_SUB : undefined);
}

const subOf = (title: string) => subOfNormal(norm(title));
const MORNING_NORMAL = norm(MORNING_HEADING);
const EVENING_NORMAL = norm(EVENING_HEADING);
const GOALS_NORMAL = norm(GOALS_HEADING);

function energyOf(title: string): number {
  const m = /(\d+(?:\.\d+)?)\s*(?:\/\s*10)?/.exec(title.slice('Energy Level'.length));
  if (!m?.[1]) return DEFAULT_ENERGY_LEVEL;
  return Math.min(10, Math.max(0, Math.round(Number(m[1]))));
}

const bullet = (line: string) => line.replace(/^\s*[-*]\s?/, '').trim();

/** The structured parts found in the text; a part is present when any of its headings is. */
export function parseDailyNote(text: string): DailyStructuredData {
  let morning: MorningPart | undefined;
  let evening: EveningPart | undefined;
  const goals: string[] = [];
  let section: 'goals' | 'morning' | 'evening' | 'other' = 'other';
  let sub: Sub | undefined;
  const texts = new Map<string, { target: Record<string, unknown>; lines: string[] }>();

  const ensure = (part: 'morning' | 'evening') => {
    if (part === 'morning') morning ??= emptyMorning();
    else evening ??= emptyEvening();
  };

  for (const line of text.split(/\r?\n/)) {
    const title = headingTitle(line);
    if (title !== undefined) {
      const normal = norm(title);
      const found = subOfNormal(normal);
      sub = undefined;
      if (found) {
        sub = found;
        ensure(found.part);
        section = found.part;
        if (found.kind === 'energy' && morning) morning.energy_level = energyOf(title);
      } else if (normal === MORNING_NORMAL) {
        section = 'morning';
        ensure('morning');
      } else if (normal === EVENING_NORMAL) {
        section = 'evening';
        ensure('evening');
      } else if (normal === GOALS_NORMAL) {
        section = 'goals';
      } else {
        section = 'other';
      }
      continue;
    }
    if (section === 'goals') {
      const g = bullet(line);
      if (g) goals.push(g);
      continue;
    }
    if (!sub || sub.kind === 'energy') continue;
    const target = (sub.part === 'morning' ? morning : evening) as unknown as Record<string, unknown>;
    if (sub.kind === 'list') {
      const item = bullet(line);
      if (item) (target[sub.key] as string[]).push(item);
    } else {
      // Joined once at the end: joining on every line took time quadratic in the section's length.
      const lines = texts.get(sub.key);
      if (lines) lines.lines.push(line);
      else texts.set(sub.key, { target, lines: [line] });
    }
  }
  for (const [key, { target, lines }] of texts) target[key] = lines.join('\n').trim();
  if (goals.length) {
    ensure('morning');
    if (morning) morning.personal_goal = goals.join('\n');
  }
  const out: DailyStructuredData = {};
  if (morning) out.morning = morning;
  if (evening) out.evening = evening;
  return out;
}

const list = (items: string[]) => (items.length ? items.map((i) => `- ${i}`).join('\n') : '- ');

const PART_HEADINGS = { morning: MORNING_HEADING, evening: EVENING_HEADING } as const;

/** One part as note text: its heading, then each subheading of SUBS with its items or text. */
export function renderPart(part: 'morning' | 'evening', values: MorningPart | EveningPart): string {
  const fields = values as unknown as Record<string, unknown>;
  const lines = [`## ${PART_HEADINGS[part]}`];
  for (const s of SUBS) {
    if (s.part !== part) continue;
    const value = fields[s.key];
    if (s.kind === 'energy') lines.push(`### ${s.title} ${value}/10`);
    else lines.push(`### ${s.title}`, s.kind === 'list' ? list(value as string[]) : (value as string));
  }
  return lines.join('\n');
}

export const renderMorning = (m: MorningPart): string => renderPart('morning', m);
export const renderEvening = (e: EveningPart): string => renderPart('evening', e);

/** The structured data as note text (used when a note has no stored text of its own). */
export function renderDailyNote(data: DailyStructuredData | null | undefined): string {
  if (!data?.morning && !data?.evening) return DAILY_TEMPLATE;
  const blocks: string[] = [];
  if (data.morning?.personal_goal) blocks.push(`## ${GOALS_HEADING}\n${list(data.morning.personal_goal.split('\n'))}`);
  if (data.morning) blocks.push(renderMorning(data.morning));
  if (data.evening) blocks.push(renderEvening(data.evening));
  return `${blocks.join('\n\n')}\n`;
}

/**
 * Replaces the block under a top-level heading (up to the next heading that is not one of its
 * subheadings) with `block`, or appends `block` when the heading is absent.
 */
export function replaceSection(text: string, heading: string, block: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => {
    const title = headingTitle(l);
    return title !== undefined && norm(title) === norm(heading);
  });
  if (start < 0) return `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${block}\n`;
  let end = start + 1;
  while (end < lines.length) {
    const title = headingTitle(lines[end] ?? '');
    if (title !== undefined && !subOf(title)) break;
    end++;
  }
  const after = lines.slice(end);
  return [...lines.slice(0, start), ...block.split('\n'), ...(after.length ? ['', ...after] : [])].join('\n');
}

/** True when the text is blank or still the untouched template (nothing worth saving). */
export function isUntouchedDailyText(text: string): boolean {
  return text.trim() === '' || text.trim() === DAILY_TEMPLATE.trim();
}

/**
 * The text to open the editor with at one part of the daily note, and where the caret goes:
 * the end of that part's section when the note has it; otherwise the part's empty template is
 * added and the caret placed on its first bullet.
 */
export function openAtPart(text: string, part: 'morning' | 'evening'): { text: string; caret: number } {
  const heading = PART_HEADINGS[part];
  const lines = text.split('\n');
  const start = lines.findIndex((l) => {
    const title = headingTitle(l);
    return title !== undefined && norm(title) === norm(heading);
  });
  if (start < 0) {
    const next = replaceSection(text, heading, renderPart(part, part === 'morning' ? emptyMorning() : emptyEvening()));
    const at = next.lastIndexOf(`## ${heading}`);
    const bullet = next.indexOf('\n- ', at);
    return { text: next, caret: bullet < 0 ? next.length : bullet + 3 };
  }
  let end = start + 1;
  while (end < lines.length) {
    const title = headingTitle(lines[end] ?? '');
    if (title !== undefined && !subOf(title)) break;
    end++;
  }
  while (end > start + 1 && (lines[end - 1] ?? '').trim() === '') end--;
  const caret = lines.slice(0, end).join('\n').length;
  return { text, caret };
}
