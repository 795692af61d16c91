import { AI_TEXTS } from '#common/aiTexts.js';
import { SPORT_LABELS } from '#common/api/activities.js';
import type { CoachData, JournalItem, JournalStructured } from './coachData.js';
import { daysBetween, withoutDeclined, withoutTranscriptToday } from './contextBuilder.js';

/**
 * The Executive Daily Briefing and the Strategic Day Review written straight from the data,
 * for when no AI provider is configured. Deterministic: the same data gives the same report.
 */
export type OfflineKind = 'briefing' | 'review';

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Structured journal data of one day, merged across that day's entries (morning and evening). */
function dayStructured(journal: JournalItem[], day: string): JournalStructured {
  const merged: JournalStructured = {};
  for (const e of journal.filter((j) => j.date === day && j.structured))
    Object.assign(merged, stripEmpty(e.structured ?? {}));
  return merged;
}

function stripEmpty(s: JournalStructured): JournalStructured {
  return Object.fromEntries(
    Object.entries(s).filter(([, v]) =>
      Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' : v !== undefined,
    ),
  );
}

const bullets = (items: string[], empty: string) =>
  items.length ? items.map((i) => `- ${i}`).join('\n') : `_${empty}_`;
const firstLine = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? '';

/** Today's training session and the sessions of the week that moved or were released, as lines. */
function trainingLines(data: CoachData, day: string): string[] {
  const lines: string[] = [];
  const today = data.training.find((t) => t.date === day && (t.status === 'planned' || t.status === 'done'));
  if (today) lines.push(`Training session today: ${today.start_time}–${today.end_time} (${today.minutes} min).`);
  const week = data.recorded[0]?.load.last7 ?? [];
  if (week.length) {
    const parts = week.map(
      (r) =>
        `${SPORT_LABELS[r.sport].toLowerCase()} ${r.minutes} min${r.distance_km > 0 ? ` (${r.distance_km} km)` : ''}`,
    );
    lines.push(`Recorded by your watch in the last 7 days: ${parts.join(', ')}.`);
  }
  const changed = data.training.filter((t) => t.note && t.date >= day && t.status !== 'skipped');
  if (changed.length)
    lines.push(
      bullets(
        changed.map((t) => `${t.date}: ${t.note}`),
        '',
      ),
    );
  return lines;
}

function workoutStatus(data: CoachData, day: string): string {
  const log = data.workouts.find((w) => w.kind === 'log' && w.date === day);
  const plan = data.workouts.find((w) => w.kind === 'plan' && w.date === day);
  if (log?.status === 'completed') return `Done: ${firstLine(log.text)}`;
  if (log?.status === 'skipped') return `Skipped${log.text ? `: ${firstLine(log.text)}` : ''}`;
  if (log) return `Logged: ${firstLine(log.text)}`;
  if (plan) return `Planned and not logged yet: ${firstLine(plan.text)}`;
  return 'No workout planned for today.';
}

function schedule(data: CoachData, day: string): string[] {
  return withoutDeclined(data.calendar)
    .filter((e) => e.start.slice(0, 10) === day)
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((e) => `${e.start.length > 10 ? `${e.start.slice(11, 16)} ` : 'All day: '}${e.summary}`);
}

export function buildOfflineReport(kind: OfflineKind, data: CoachData, today: string): string {
  const yesterday = addDays(today, -1);
  const t = dayStructured(data.journal, today);
  const y = dayStructured(data.journal, yesterday);
  const open = data.todos
    .filter((x) => !x.completed)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((x) => x.content);
  const note = (what: string) => `_${longDate(today)} · ${AI_TEXTS.offlineReportNote(what)}_`;
  const out: string[] = [];

  if (kind === 'briefing') {
    out.push('# Executive Daily Briefing', note('briefing'));
    out.push(
      `## Today's Priorities`,
      bullets(
        t.daily_priorities ?? [],
        "No priorities in today's journal yet: write two or three in the morning journal.",
      ),
    );
    const challenges = [t.anticipated_challenges, ...(t.waiting_for ?? []).map((w) => `Waiting for: ${w}`)].filter(
      (c): c is string => !!c?.trim(),
    );
    out.push(`## Challenges`, bullets(challenges, 'No anticipated challenges noted.'));
    if (t.energy_level !== undefined) out.push(`Energy level this morning: **${t.energy_level}/10**.`);
    const events = schedule(data, today);
    if (events.length) out.push(`## Schedule`, bullets(events, ''));
    const unrecorded = withoutDeclined(data.calendar)
      .filter((e) => e.start.length > 10 && withoutTranscriptToday(e, today))
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((e) => `${e.start.slice(11, 16)} ${e.summary}`);
    if (unrecorded.length)
      out.push(
        `## Meetings Without Transcripts`,
        `${bullets(unrecorded, '')}\n\nAdd a transcript after each so its decisions and action items are kept.`,
      );
    out.push(`## Open Todos (${open.length})`, bullets(open.slice(0, 10), 'No open todos.'));
    if (open.length > 10) out.push(`…and ${open.length - 10} more.`);
    out.push(`## Today's Workout`, workoutStatus(data, today), ...trainingLines(data, today));
    out.push(`## Yesterday's Open Loops`, bullets(y.open_loops ?? [], 'No open loops recorded yesterday.'));
    const focus = t.daily_priorities?.[0] ?? open[0];
    out.push(
      `## Next Steps`,
      focus ? `- [ ] Start with: **${focus}**` : '- [ ] Write your priorities for today in the journal.',
    );
  } else {
    const doneToday = data.todos.filter(
      (x) => x.completed && x.completed_at && daysBetween(x.completed_at, today) === 0,
    );
    const transcripts = data.transcripts.filter((x) => x.date === today);
    out.push('# Strategic Day Review', note('review'));
    out.push(
      `## Wins`,
      bullets(t.wins ?? [], "No wins in today's journal yet: the evening journal is the place for them."),
    );
    out.push(
      `## Completed Todos (${doneToday.length})`,
      bullets(
        doneToday.map((x) => x.content),
        'No todos completed today.',
      ),
    );
    out.push(`## Workout`, workoutStatus(data, today));
    out.push(
      `## Meetings & Notes`,
      bullets(
        transcripts.map(
          (x) => `**${x.title}**${firstLine(x.content) ? `: ${firstLine(x.content).slice(0, 160)}` : ''}`,
        ),
        'No meeting transcripts today.',
      ),
    );
    const loops = [...(t.open_loops ?? []), ...open.slice(0, 5)];
    out.push(`## Open Loops`, bullets(loops, 'Nothing left open. Well done.'));
    const tomorrow = schedule(data, addDays(today, 1));
    const first = tomorrow.length ? tomorrow.slice(0, 3) : [...(t.open_loops ?? []), ...open].slice(0, 3);
    out.push(
      `## Tomorrow's First Commitments`,
      bullets(first, 'Nothing scheduled yet: pick one priority for tomorrow morning.'),
    );
  }
  return out.join('\n\n');
}
