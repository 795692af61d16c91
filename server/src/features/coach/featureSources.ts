import { activityLine } from '#common/activityFigures.js';
import { INT_COLUMN_MAX } from '#common/api/common.js';
import type { DailyStructuredData } from '#common/journalText.js';
import { addDays } from '#common/time.js';
import { logStatus } from '#common/workoutStatus.js';
import type { AppContext } from '../../context.js';
import { trainingLoad } from '../activities/load.js';
import { listActivities } from '../activities/repo.js';
import { findRowById, type JournalRow, listJournalEntries, parseJson } from '../journal/repo.js';
import { findTranscripts, recentTranscripts } from '../notes/repo.js';
import { listTodos } from '../todos/repo.js';
import { sessionsOfWeek } from '../training/service.js';
import { listLogs } from '../workout/logsRepo.js';
import { listPlans } from '../workout/plansRepo.js';
import type {
  AttachedItem,
  CoachData,
  CoachSource,
  JournalStructured,
  TranscriptItem,
  WorkoutItem,
} from './coachData.js';
import { FULL_ENTRY_CHARS } from './contextBuilder.js';

/** How much of each feature's recent data a coach reads (the context builder weighs it further). */
const JOURNAL_ENTRIES = 30;
const WORKOUT_ITEMS = 14;
const TRANSCRIPTS = 10;

/** The attached ids that can name a row (an id past an integer column names none). */
const ids = (list: Array<string | number> | undefined) =>
  (list ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= INT_COLUMN_MAX);

/** A daily note's morning and evening parts as one set of fields. */
function dailyFields(structured: Record<string, unknown> | null): JournalStructured | undefined {
  if (!structured) return undefined;
  const d = structured as DailyStructuredData;
  if (!d.morning && !d.evening) return undefined;
  return { ...d.morning, ...d.evening };
}

const journalTitle = (row: Pick<JournalRow, 'journal_type'>) =>
  row.journal_type === 'weekly_planning' ? 'Weekly plan' : row.journal_type === 'note' ? 'Note' : 'Daily journal';

export const journalSource: CoachSource = async (ctx, { userId, specificEntries }) => {
  const entries = await listJournalEntries(ctx.db, userId, { limit: JOURNAL_ENTRIES });
  const journal = entries.map((e) => ({
    id: String(e.id),
    date: e.date,
    kind: e.journal_type,
    content: e.content,
    structured: e.journal_type === 'daily' ? dailyFields(e.structured_data) : undefined,
  }));
  const attached: AttachedItem[] = [];
  for (const [kind, list] of [
    ['journal', specificEntries?.journalEntries],
    ['note', specificEntries?.notes],
  ] as const) {
    for (const id of ids(list)) {
      const row = await findRowById(ctx.db, userId, id);
      if (row)
        attached.push({
          kind,
          title: journalTitle(row),
          date: row.date,
          content: row.content || JSON.stringify(parseJson(row.structured_data) ?? {}),
        });
    }
  }
  return { journal, attached };
};

export const todosSource: CoachSource = async (ctx, { userId }) => ({
  // Open todos and those completed in the last 24 hours.
  todos: await listTodos(ctx.db, userId),
});

function planTitle(json: string): string {
  try {
    const p = JSON.parse(json) as { title?: unknown; description?: unknown };
    return [p.title, p.description].filter((x) => typeof x === 'string' && x.trim()).join(': ') || 'Workout plan';
  } catch {
    return json.slice(0, 200);
  }
}

export const workoutsSource: CoachSource = async (ctx, { userId, today }) => {
  const plans = await listPlans(ctx.db, userId, { limit: WORKOUT_ITEMS });
  const logs = await listLogs(ctx.db, userId, { limit: WORKOUT_ITEMS });
  const [training, recorded] = await Promise.all([
    sessionsOfWeek(ctx, userId, today),
    recordedActivities(ctx, userId, today),
  ]);
  const workouts: WorkoutItem[] = [
    ...plans.map((p) => ({ date: p.date, kind: 'plan' as const, text: planTitle(p.plan) })),
    ...logs.map((l) => ({
      date: l.date,
      kind: 'log' as const,
      text: l.entry,
      status: logStatus(l),
    })),
  ];
  return { workouts, training, recorded };
};

/** The last 14 days' recorded activities as lines, and the training load; nothing without any ever. */
async function recordedActivities(ctx: AppContext, userId: number, today: string): Promise<CoachData['recorded']> {
  const [load, recent] = await Promise.all([
    trainingLoad(ctx.db, userId, today),
    listActivities(ctx.db, userId, { limit: 20, offset: 0 }),
  ]);
  if (!load.latest) return [];
  const since = addDays(today, -13);
  const lines = recent.activities
    .filter((a) => a.date >= since)
    .map((a) => `- ${a.date}: ${activityLine(a)}${a.ascent_m ? `, ${Math.round(a.ascent_m)} m up` : ''}`);
  return [{ lines, load }];
}

export const transcriptsSource: CoachSource = async (ctx, { userId, specificEntries }) => {
  const [recent, picked] = await Promise.all([
    // One character more than any prompt shows of a transcript, so that a cut text reads as cut.
    recentTranscripts(ctx.db, userId, TRANSCRIPTS, FULL_ENTRY_CHARS + 1),
    findTranscripts(ctx.db, userId, ids(specificEntries?.transcripts)),
  ]);
  const transcripts: TranscriptItem[] = recent.map((t) => ({ ...t, id: String(t.id) }));
  const attached: AttachedItem[] = picked.map((t) => ({
    kind: 'transcript',
    title: t.title,
    date: t.date,
    content: t.content,
  }));
  return { transcripts, attached };
};
