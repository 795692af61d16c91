import type { CalendarEvent } from './api/calendar.js';
import {
  type EveningReflection,
  type MorningReflection,
  type ReflectionSummary,
  type SimplifiedEvent,
  type WeeklyStructured,
  weeklyStructured,
} from './api/weekly.js';
import { WEEKLY_DEFAULT_CONTENT } from './journalConstants.js';
import { META_GOAL_SLOTS, META_GOALS_MAX, SUMMARY_LIMITS } from './weeklyTexts.js';

/** Pure logic of the weekly plan, shared by the server (export, coach) and the editor. */

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Merges the coach's suggested goals into the plan's meta goals: when the plan has goals, only
 * suggestions not already there (case-insensitive) are appended; otherwise they fill the empty
 * slots. The result keeps at least the three slots, and at most the twelve a plan can save
 * (suggestions beyond those are not added: `addedGoals` tells which were).
 */
export function mergeGoals(current: string[], suggested: string[]): string[] {
  const existing = current.filter((g) => g.trim());
  const seen = new Set(existing.map(norm));
  const fresh: string[] = [];
  for (const g of suggested) {
    const t = g.trim();
    if (!t || seen.has(norm(t))) continue;
    seen.add(norm(t));
    fresh.push(t);
  }
  const merged = [...existing, ...fresh].slice(0, META_GOALS_MAX);
  while (merged.length < META_GOAL_SLOTS) merged.push('');
  return merged;
}

/** The goals of `after` that `before` did not have (case-insensitive): what a merge added. */
export function addedGoals(before: string[], after: string[]): string[] {
  const had = new Set(before.filter((g) => g.trim()).map(norm));
  return after.filter((g) => g.trim() && !had.has(norm(g)));
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n).trimEnd()}…` : s);

/** Distinct non-blank strings, first occurrence kept (case-insensitive), up to `max`. */
function distinct(items: Iterable<string>, max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const i of items) {
    const t = i.trim();
    if (!t) continue;
    const key = t.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
    if (out.length === max) break;
  }
  return out;
}

/** Every string each row lists, in order, read only as far as the caller goes. */
function* each<T>(rows: readonly T[], list: (row: T) => readonly string[]): Generator<string> {
  for (const row of rows) yield* list(row);
}

/**
 * The reflections summary (§9): up to 5 priorities, wins and open loops, 3 challenges and
 * frustrations, each frustration cut at 100 characters. Reflections come newest first, so the
 * most recent items are the ones kept. `limits` narrows it for the saved weekly view (3 and 2).
 */
export function summariseReflections(
  morning: MorningReflection[],
  evening: EveningReflection[],
  limits: { list: number; short: number } = SUMMARY_LIMITS,
): ReflectionSummary {
  const energies = morning.map((m) => m.energy_level).filter((e): e is number => typeof e === 'number');
  return {
    priorities: distinct(
      each(morning, (m) => m.priorities),
      limits.list,
    ),
    challenges: distinct(
      morning.map((m) => m.challenges),
      limits.short,
    ),
    wins: distinct(
      each(evening, (e) => e.wins),
      limits.list,
    ),
    frustrations: distinct(
      evening.map((e) => e.frustrations),
      limits.short,
    ).map((f) => cut(f, SUMMARY_LIMITS.frustrationChars)),
    open_loops: distinct(
      each(evening, (e) => e.open_loops),
      limits.list,
    ),
    average_energy: energies.length
      ? Math.round((energies.reduce((a, b) => a + b, 0) / energies.length) * 10) / 10
      : null,
  };
}

/** A calendar event in the plan's simplified shape (what is stored and sent to the coach). */
export function simplifyEvent(e: CalendarEvent): SimplifiedEvent {
  return {
    start: e.start.dateTime ?? e.start.date ?? '',
    end: e.end.dateTime ?? e.end.date ?? '',
    title: e.summary,
    description: (e.description ?? '').slice(0, 5000),
    attendees: e.attendees.map((a) => a.displayName ?? a.email ?? '').filter(Boolean),
    organizer: e.organizer?.displayName ?? e.organizer?.email ?? '',
    location: e.location ?? '',
  };
}

const section = (title: string, body: string) => (body.trim() ? `## ${title}\n\n${body.trim()}\n` : '');
const bullets = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/**
 * A weekly plan entry's stored structured data, read leniently: JSON text or an object, and a
 * field that does not fit its shape (a plan written through the journal API, an older export)
 * reads as that field's default while the others keep what they hold.
 */
export function readWeeklyStructured(raw: unknown): WeeklyStructured {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = {};
    }
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const whole = weeklyStructured.safeParse(obj);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(weeklyStructured.shape)) {
    const one = field.safeParse(obj[key]);
    out[key] = one.success ? one.data : field.parse(undefined);
  }
  return out as WeeklyStructured;
}

/**
 * The readable Markdown of a stored weekly plan (its week's Monday, its content and structured
 * data): what the editor's 'Export as Markdown' downloads and what the data export writes
 * beside its JSON, from the one writer.
 */
export function weeklyPlanMarkdown(date: string, content: string, structuredData: unknown): string {
  const d = readWeeklyStructured(structuredData);
  const summary = summariseReflections(d.morning_reflections, d.evening_reflections);
  return planMarkdown(date, content, d, summary, WEEKLY_DEFAULT_CONTENT);
}

/** The whole plan as Markdown (export): fields, goals, reflections summary and calendar summary. */
export function planMarkdown(
  date: string,
  content: string,
  d: WeeklyStructured,
  summary: ReflectionSummary,
  defaultContent: string,
): string {
  const goals = d.meta_goals.map((g, i) => `${i + 1}. **Goal ${i + 1}:** ${g.trim() || '—'}`).join('\n');
  const reflections = [
    summary.priorities.length ? `**Priorities**\n\n${bullets(summary.priorities)}` : '',
    summary.challenges.length ? `**Challenges**\n\n${bullets(summary.challenges)}` : '',
    summary.wins.length ? `**Wins**\n\n${bullets(summary.wins)}` : '',
    summary.frustrations.length ? `**Frustrations**\n\n${bullets(summary.frustrations)}` : '',
    summary.open_loops.length ? `**Open loops**\n\n${bullets(summary.open_loops)}` : '',
    summary.average_energy !== null ? `**Average energy:** ${summary.average_energy}/10` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const events = [...d.simplified_calendar_events]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map(
      (e) =>
        `- ${e.start.replace('T', ' ').slice(0, 16)} — ${e.title || '(no title)'}${e.location ? ` @ ${e.location}` : ''}`,
    )
    .join('\n');
  const thoughts = content.trim() && content.trim() !== defaultContent ? content : '';
  return [
    `# Weekly Plan — Week of ${date}\n`,
    section('Weekly Intention', d.weekly_intention),
    section('Meta Goals', goals),
    section('Weekly Review', d.weekly_review),
    section('Constraints', d.constraints),
    section('Brain Dump', d.brain_dump),
    section('Additional Thoughts', thoughts),
    section(
      'Reflections Summary',
      reflections ||
        (d.morning_reflections.length + d.evening_reflections.length ? '' : 'No reflections in this period.'),
    ),
    section(
      'Calendar Summary',
      events
        ? `${d.simplified_calendar_events.length} events\n\n${events}`
        : 'No calendar events attached to this plan.',
    ),
  ]
    .filter(Boolean)
    .join('\n');
}
