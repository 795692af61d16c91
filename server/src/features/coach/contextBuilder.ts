import { SPORT_LABELS, type SportLoad } from '#common/api/activities.js';
import type { CoachType } from '#common/api/coach.js';
import type { CalendarEventItem, CoachData, JournalItem, JournalStructured } from './coachData.js';

/** Journal entries lose half their weight every this many days. */
const RECENCY_HALF_LIFE_DAYS = 3;
/** Entries weighing less than this (about two weeks old) are left out. */
const MIN_WEIGHT = 0.04;
/** Characters a weight-1 (today's) entry may use; older entries get their share of it. */
export const FULL_ENTRY_CHARS = 4000;
const MIN_ENTRY_CHARS = 240;

/** What each coach reads. The workout coach has no use for meeting notes, for instance. */
const SOURCES: Record<
  CoachType,
  ReadonlyArray<keyof Omit<CoachData, 'attached' | 'calendarNotices' | 'training' | 'recorded'>>
> = {
  workout: ['workouts', 'journal'],
  vocational: ['journal', 'todos', 'transcripts', 'calendar'],
  assistant: ['calendar', 'journal', 'todos', 'workouts', 'transcripts'],
};

/** The parts of the user's data a coach's context shows, and so the only ones read for it. */
export const coachReads = (coachType: CoachType) => SOURCES[coachType];

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);

export const recencyWeight = (date: string, today: string) =>
  0.5 ** (Math.max(0, daysBetween(date, today)) / RECENCY_HALF_LIFE_DAYS);

/** Items recent enough to be read, with their weights, newest first. */
const byRecency = <T extends { date: string }>(items: T[], today: string) =>
  items
    .map((item) => ({ item, w: recencyWeight(item.date, today) }))
    .filter(({ w }) => w >= MIN_WEIGHT)
    .sort((a, b) => b.item.date.localeCompare(a.item.date));

/** An entry's share of the text budget for its weight. */
const budget = (w: number) => Math.max(MIN_ENTRY_CHARS, Math.round(FULL_ENTRY_CHARS * w));

/** Invitations the user declined are not commitments: they never reach a prompt or a report. */
export function withoutDeclined(events: CalendarEventItem[]): CalendarEventItem[] {
  return events.filter((e) => !e.attendees?.some((a) => a.self && a.responseStatus === 'declined'));
}

/** A meeting of today's that no transcript records yet (the server decided which have one). */
export const withoutTranscriptToday = (e: CalendarEventItem, today: string) =>
  e.start.slice(0, 10) === today && !e.has_transcript;

/** Data may not close the data block it sits in, whatever it contains. */
export const asData = (text: string) => text.replace(/<\/?\s*user_data\s*>/gi, (m) => m.replace('<', '‹'));

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()} …[shortened]` : text);
const list = (items?: string[]) => (items?.length ? items.map((i) => `  - ${i}`).join('\n') : undefined);

function structuredText(s: JournalStructured): string {
  const parts: Array<[string, string | undefined]> = [
    ['Daily priorities', list(s.daily_priorities)],
    ['Next actions', list(s.gtd_next_actions)],
    ['Waiting for', list(s.waiting_for)],
    ['Anticipated challenges', s.anticipated_challenges],
    ['Perspective reminder', s.perspective_reminder],
    ['Energy level', s.energy_level === undefined ? undefined : `${s.energy_level}/10`],
    ['Wins', list(s.wins)],
    ['Frustrations', s.frustrations],
    ['Values alignment', s.values_alignment],
    ['Open loops', list(s.open_loops)],
    ['Personal time', list(s.personal_time)],
  ];
  return parts
    .filter(([, v]) => v?.trim())
    .map(([k, v]) => (v?.startsWith('  -') ? `${k}:\n${v}` : `${k}: ${v}`))
    .join('\n');
}

/**
 * Journal entries weighted by recency: newest first, each given a share of the text budget
 * proportional to its weight, and entries older than about two weeks left out.
 */
export function weightedJournal(entries: JournalItem[], today: string): string[] {
  return byRecency(entries, today).map(({ item: e, w }) => {
    // The note's own text already holds its structured parts; they stand in only without it.
    const body = e.content.trim() || (e.structured ? structuredText(e.structured) : '');
    return `### ${e.date} · ${e.kind}${e.title ? ` · ${e.title}` : ''} (weight ${w.toFixed(2)})\n${clip(body, budget(w))}`;
  });
}

export interface ContextOptions {
  today: string;
  includeEndOfDay?: boolean;
}

/** The data part of a coach's system prompt, delimited as data. */
export function buildContext(coachType: CoachType, data: CoachData, opts: ContextOptions): string {
  const sections: string[] = [`Today is ${opts.today}.`];
  for (const source of SOURCES[coachType]) {
    if (source === 'journal' && data.journal.length) {
      const entries = weightedJournal(data.journal, opts.today);
      if (entries.length)
        sections.push(`## Journal entries (newest first, weighted by recency)\n${entries.join('\n\n')}`);
    }
    if (source === 'todos' && data.todos.length) {
      const open = data.todos.filter((t) => !t.completed).map((t) => `- [ ] ${t.content}`);
      const done = data.todos
        .filter((t) => t.completed && t.completed_at && daysBetween(t.completed_at, opts.today) <= 1)
        .map((t) => `- [x] ${t.content} (completed ${t.completed_at?.slice(0, 10)})`);
      sections.push(`## Todos\n${[...open, ...done].join('\n') || 'none'}`);
    }
    if (source === 'workouts' && data.workouts.length) {
      const recent = [...data.workouts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 14);
      const lines = recent.map((w) => `- ${w.date} ${w.kind}${w.status ? ` (${w.status})` : ''}: ${clip(w.text, 600)}`);
      sections.push(`## Workout plans and logs (newest first)\n${lines.join('\n')}`);
    }
    if (source === 'workouts' && data.training.length) {
      const lines = data.training.map(
        (t) =>
          `- ${t.date} ${t.start_time}–${t.end_time} (${t.minutes} min): ${t.status}${t.note ? ` — ${clip(t.note, 300)}` : ''}`,
      );
      sections.push(`## Training sessions this week (held in the calendar)\n${lines.join('\n')}`);
    }
    const recorded = data.recorded[0];
    if (source === 'workouts' && recorded) {
      const load = (rows: SportLoad[]) =>
        rows
          .map(
            (r) =>
              `${SPORT_LABELS[r.sport]} ×${r.activities}: ${r.minutes} min${r.distance_km > 0 ? `, ${r.distance_km} km` : ''}`,
          )
          .join('; ') || 'nothing recorded';
      sections.push(
        [
          '## Recorded activities (from the watch or bike computer, newest first)',
          ...(recorded.lines.length ? recorded.lines : ['- none in the last 14 days']),
          `Load, last 7 days: ${load(recorded.load.last7)}`,
          `Load, last 28 days: ${load(recorded.load.last28)}`,
        ].join('\n'),
      );
    }
    if (source === 'transcripts' && data.transcripts.length) {
      const lines = byRecency(data.transcripts, opts.today)
        .slice(0, 10)
        .map(({ item: t, w }) => {
          const ctx = t.context ? `\nContext: ${t.context}` : '';
          const when = t.event_start ? `, meeting started ${t.event_start}` : '';
          return `### ${t.date} · ${t.title} (${t.transcript_type}${when})${ctx}\n${clip(t.content, budget(w))}`;
        });
      if (lines.length) sections.push(`## Meeting notes (transcripts)\n${lines.join('\n\n')}`);
    }
    if (source === 'calendar' && (data.calendar.length || data.calendarNotices.length)) {
      const events = withoutDeclined(data.calendar)
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((e) => {
          // Today's meetings nobody has written up yet are worth a mention in the briefing.
          const missing = withoutTranscriptToday(e, opts.today) ? ' (no transcript yet)' : '';
          return `- ${e.start}${e.end ? ` – ${e.end}` : ''}: ${e.summary}${e.location ? ` @ ${e.location}` : ''}${missing}`;
        });
      const notices = data.calendarNotices.map((n) => `\n${n}`).join('');
      sections.push(`## Calendar (declined invitations removed)\n${events.join('\n') || 'no events'}${notices}`);
    }
  }
  if (data.attached.length) {
    const items = data.attached.map(
      (a) => `### Attached ${a.kind}: ${a.title}${a.date ? ` (${a.date})` : ''}\n${clip(a.content, FULL_ENTRY_CHARS)}`,
    );
    sections.push(`## Entries the user attached to this message\n${items.join('\n\n')}`);
  }
  if (opts.includeEndOfDay) sections.push('The user asks for the end-of-day review: focus on what happened today.');
  return `<user_data>\n${asData(sections.join('\n\n'))}\n</user_data>`;
}

export function systemPrompt(
  prompts: { base_prompt: string; system_prompt_addition: string; meta_content: string },
  context: string,
): string {
  const meta = prompts.meta_content.trim()
    ? `\n\nAbout the user (written by the user):\n<user_data>\n${asData(prompts.meta_content.trim())}\n</user_data>`
    : '';
  return `${prompts.base_prompt.trim()}\n\n${prompts.system_prompt_addition.trim()}${meta}\n\nThe user's data:\n${context}`;
}
