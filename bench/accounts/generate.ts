/**
 * Believable accounts for measurements at scale (`npm run bench:data`): most accounts light, a
 * few heavy (the shape of a long-time daily user: 5.5 years give about 1,600 daily notes, 3,000
 * todos, 1,000 workout logs, 1,000 coach conversations and 570 transcripts). Rows are written
 * straight through Kysely in multi-row INSERTs, one transaction per account, so the database's
 * own triggers (the search index) run as they do for the app's writes. Deterministic for a seed
 * and a "today": the same arguments give the same rows.
 */

import { parseDailyNote } from '#common/journalText.js';
import { addDays } from '#common/time.js';
import { ALL_EQUIPMENT } from '#common/workoutConstants.js';
import { planWorkout } from '#common/workoutPlanner.js';
import { summarisePlan } from '#common/workoutPlanSummary.js';
import type { Db } from '../../server/src/db/index.js';

export interface GenerateOptions {
  accounts: number;
  /** Years of history of a heavy account; light accounts have up to this much, most far less. */
  years: number;
  /** How many of the accounts are heavy (the first K after the first account). */
  heavy: number;
  seed: number;
  /** The last day of the history (YYYY-MM-DD). */
  today: string;
  /** Usernames are `${prefix}0001`, … */
  prefix?: string;
  /** The password hash every generated account gets (hashing one per account would take minutes). */
  passwordHash: string;
  /** Called after each account. */
  progress?: (done: number, rows: number) => void;
}

export interface GeneratedAccount {
  id: number;
  username: string;
  heavy: boolean;
  timezone: string;
  rows: number;
  /** Years of history (its first day to today). */
  years: number;
}

/** Mulberry32: a small, fast, seedable generator (the same numbers on every machine). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'UTC',
  'Europe/London',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/Sao_Paulo',
  'Pacific/Auckland',
];

// Words of everyday notes; "meeting", "today" and "plan" are common on purpose (a search for a
// common word), the project names rare.
const COMMON = [
  'today',
  'meeting',
  'plan',
  'team',
  'work',
  'call',
  'review',
  'week',
  'project',
  'email',
  'write',
  'read',
  'run',
  'walk',
  'sleep',
  'tired',
  'focus',
  'morning',
  'evening',
  'family',
  'lunch',
  'client',
  'budget',
  'report',
  'deadline',
  'feedback',
  'design',
  'release',
  'training',
  'knee',
  'stretch',
  'coffee',
  'garden',
  'kids',
  'school',
  'doctor',
  'groceries',
  'invoice',
  'slides',
  'draft',
  'notes',
  'calm',
  'busy',
  'good',
  'hard',
  'long',
  'short',
  'quiet',
  'energy',
  'progress',
  'goal',
  'habit',
];
const RARE = [
  'aurora',
  'basilisk',
  'cobalt',
  'dervish',
  'ember',
  'fjord',
  'gossamer',
  'halcyon',
  'isthmus',
  'juniper',
  'kestrel',
  'lantern',
  'meridian',
  'nimbus',
  'obsidian',
  'parapet',
  'quasar',
  'rhubarb',
];
const PEOPLE = ['Alex', 'Sam', 'Priya', 'Jonas', 'Mia', 'Chen', 'Fatima', 'Lukas', 'Ana', 'Tom'];

function sentence(r: Rng, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(r.chance(0.01) ? r.pick(RARE) : r.pick(COMMON));
  const s = out.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}
const paragraph = (r: Rng, sentences: number) =>
  Array.from({ length: sentences }, () => sentence(r, r.int(6, 14))).join(' ');

function dailyNote(r: Rng, morning: boolean, evening: boolean): string {
  const parts: string[] = [];
  if (morning)
    parts.push(
      `## Goals for the Day\n- ${sentence(r, 4)}\n\n## Morning Preparation\n### Daily Priorities\n- ${sentence(r, 3)}\n- ${sentence(r, 3)}\n### Energy Level ${r.int(3, 9)}/10`,
    );
  parts.push(`## Daily Journal\n${paragraph(r, r.int(2, 8))}`);
  if (evening) parts.push(`## Evening Shutdown\n### Wins\n- ${sentence(r, 4)}\n### Open Loops\n- ${sentence(r, 3)}`);
  return `${parts.join('\n\n')}\n`;
}

function transcript(r: Rng): string {
  const lines: string[] = [];
  const n = r.int(20, 120);
  for (let i = 0; i < n; i++) lines.push(`${r.pick(PEOPLE)}: ${sentence(r, r.int(5, 18))}`);
  return lines.join('\n');
}

/** A few planner results to draw plans from (the planner is deterministic per input). */
function planTemplates(today: string) {
  return Array.from({ length: 24 }, (_, i) => {
    const r = planWorkout({
      date: addDays(today, -i),
      equipment: ALL_EQUIPMENT,
      preferredDuration: [30, 45, 60][i % 3] as number,
      weatherDependent: i % 2 === 0,
      recentPlans: [],
      liked: [],
      disliked: [],
    });
    return {
      plan: r.plan as { workout_sections?: Array<{ exercises?: Array<{ name: string }> }> },
      focus: r.focus,
      intensity: r.intensity,
    };
  });
}

/** Per day of history, how likely each kind of row is (a heavy account's rates). */
const HEAVY_RATES = {
  daily: 0.8,
  note: 0.05,
  todos: 1.5,
  logs: 0.5,
  conversations: 0.5,
  transcripts: 0.28,
  weekly: 0.6,
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const iso = (date: string, minutes: number) =>
  `${date}T${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00.000Z`;

/** Writes one account and its history; returns its id and the number of rows written. */
async function writeAccount(
  db: Db,
  r: Rng,
  o: GenerateOptions,
  index: number,
  templates: ReturnType<typeof planTemplates>,
): Promise<GeneratedAccount> {
  const heavy = index >= 1 && index <= o.heavy;
  const username = `${o.prefix ?? 'user'}${String(index + 1).padStart(4, '0')}`;
  const timezone = r.pick(ZONES);
  // A light account began some time ago and writes at a fraction of a heavy one's pace.
  const span = Math.max(7, Math.round(o.years * 365 * (heavy ? 1 : r.next() ** 2)));
  const pace = heavy ? 1 : 0.05 + r.next() * 0.35;
  const created = iso(addDays(o.today, -(span - 1)), 8 * 60);
  return db.transaction().execute(async (tx) => {
    const user = await tx
      .insertInto('users')
      .values({
        username,
        password_hash: o.passwordHash,
        is_admin: 0,
        timezone,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = 1 + (await writeHistory(tx, user.id, r, { span, pace, today: o.today }, templates));
    return { id: user.id, username, heavy, timezone, rows, years: span / 365.25 };
  });
}

/**
 * A heavy account's history (the rates of a long-time daily user) for an existing user, e.g.
 * the bench's own: `years` up to `today`. Returns the number of rows written.
 */
export async function writeHeavyHistory(db: Db, userId: number, o: { years: number; seed: number; today: string }) {
  const span = Math.round(o.years * 365);
  return db
    .transaction()
    .execute((tx) =>
      writeHistory(tx, userId, random(o.seed), { span, pace: 1, today: o.today }, planTemplates(o.today)),
    );
}

/** `span` days of history up to `today` at `pace` times a heavy account's rates. */
async function writeHistory(
  tx: Db,
  userId: number,
  r: Rng,
  o: { span: number; pace: number; today: string },
  templates: ReturnType<typeof planTemplates>,
): Promise<number> {
  const { span } = o;
  const rate = (k: keyof typeof HEAVY_RATES) => HEAVY_RATES[k] * o.pace;
  const first = addDays(o.today, -(span - 1));
  {
    const journal: Array<Record<string, unknown>> = [];
    const todos: Array<Record<string, unknown>> = [];
    const plans: Array<{ date: string; plan: string; focus: string; intensity: string; template: number }> = [];
    const transcripts: Array<Record<string, unknown>> = [];
    const conversations: Array<{ uuid: string; date: string; coach: string; messages: number }> = [];
    const feedback: Array<Record<string, unknown>> = [];
    for (let d = 0; d < span; d++) {
      const date = addDays(first, d);
      if (r.chance(rate('daily'))) {
        const morning = r.chance(0.85);
        const evening = r.chance(0.55);
        const content = dailyNote(r, morning, evening);
        journal.push({
          user_id: userId,
          date,
          journal_type: 'daily',
          content,
          structured_data: JSON.stringify(parseDailyNote(content)),
          has_morning: morning ? 1 : 0,
          has_evening: evening ? 1 : 0,
          created_at: iso(date, 7 * 60),
          updated_at: iso(date, 21 * 60),
        });
      }
      if (r.chance(rate('note')))
        journal.push({
          user_id: userId,
          date,
          journal_type: 'note',
          content: `# ${sentence(r, 3)}\n${paragraph(r, r.int(1, 5))}`,
          structured_data: null,
          has_morning: 0,
          has_evening: 0,
          created_at: iso(date, 12 * 60),
          updated_at: iso(date, 12 * 60),
        });
      // Weekly plans on Sundays.
      if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0 && r.chance(rate('weekly')))
        journal.push({
          user_id: userId,
          date,
          journal_type: 'weekly_planning',
          content: `## Priorities\n- ${sentence(r, 4)}\n- ${sentence(r, 4)}\n\n## Notes\n${paragraph(r, 2)}`,
          structured_data: null,
          has_morning: 0,
          has_evening: 0,
          created_at: iso(date, 18 * 60),
          updated_at: iso(date, 18 * 60),
        });
      const todoCount = Math.floor(rate('todos') + r.next());
      for (let t = 0; t < todoCount; t++) {
        // The last days' todos are mostly open; older ones mostly done.
        const done = d < span - 10 ? r.chance(0.95) : r.chance(0.3);
        const doneOn = addDays(date, r.int(0, 3));
        todos.push({
          user_id: userId,
          content: sentence(r, r.int(2, 7)),
          completed: done && doneOn <= o.today ? 1 : 0,
          completed_at: done && doneOn <= o.today ? iso(doneOn, r.int(6 * 60, 22 * 60)) : null,
          created_at: iso(date, r.int(6 * 60, 20 * 60)),
        });
      }
      if (r.chance(rate('logs'))) {
        const template = r.int(0, templates.length - 1);
        const t = templates[template] as (typeof templates)[number];
        plans.push({
          date,
          plan: JSON.stringify({ ...t.plan, uuid: `gen-${userId}-${date}` }),
          focus: t.focus,
          intensity: t.intensity,
          template,
        });
      }
      if (r.chance(rate('transcripts')))
        transcripts.push({
          user_id: userId,
          date,
          title: `${r.pick(['Weekly sync', 'One-on-one', 'Design review', 'Client call', 'Planning'])} ${r.pick(PEOPLE)}`,
          content: transcript(r),
          context: r.chance(0.3) ? sentence(r, 5) : null,
          transcript_type: r.chance(0.7) ? 'scheduled' : 'impromptu',
          google_event_id: null,
          google_event_etag: null,
          google_recurring_event_id: null,
          event_start: null,
          created_at: iso(date, r.int(9 * 60, 17 * 60)),
        });
      if (r.chance(rate('conversations')))
        conversations.push({
          uuid: `${String(userId).padStart(8, '0')}-0000-4000-8000-${String(d).padStart(12, '0')}`,
          date,
          coach: r.pick(['workout', 'vocational', 'assistant']),
          messages: 2 * r.int(1, 4),
        });
    }

    await insertChunked(
      journal,
      (c) =>
        tx
          .insertInto('journal_entries')
          .values(c as never)
          .execute(),
      100,
    );
    await insertChunked(todos, (c) =>
      tx
        .insertInto('todos')
        .values(c as never)
        .execute(),
    );
    await insertChunked(
      transcripts,
      (c) =>
        tx
          .insertInto('transcripts')
          .values(c as never)
          .execute(),
      50,
    );

    // Plans first (their ids), then a log for most of them: done, partly done or skipped.
    const planIds = new Map<string, number>();
    await insertChunked(plans, async (c) => {
      const ids = await tx
        .insertInto('workout_plans')
        .values(
          c.map((p) => {
            const { kind, title, estimated_duration } = summarisePlan({ id: -1, date: p.date, plan: p.plan });
            return {
              user_id: userId,
              date: p.date,
              plan_uuid: `gen-${userId}-${p.date}`,
              plan: p.plan,
              focus: p.focus,
              intensity: p.intensity,
              source: 'planner',
              kind,
              title,
              estimated_duration,
              replaced_at: null,
              created_at: iso(p.date, 6 * 60),
              updated_at: iso(p.date, 6 * 60),
            };
          }),
        )
        .returning(['id', 'date'])
        .execute();
      for (const row of ids) planIds.set(row.date, row.id);
    });
    const logs: Array<Record<string, unknown>> = [];
    for (const p of plans) {
      if (p.date > o.today || r.chance(0.1)) continue;
      const skipped = r.chance(0.08);
      const exercises = (templates[p.template]?.plan.workout_sections ?? []).flatMap((s) => s.exercises ?? []);
      const completion = skipped
        ? null
        : exercises.map((e) => ({
            name: e.name,
            completed: r.pick(['completed', 'completed', 'completed', 'partial', 'skipped']),
          }));
      logs.push({
        user_id: userId,
        date: p.date,
        entry: skipped ? 'Skipped' : sentence(r, r.int(3, 10)),
        workout_completion: completion ? JSON.stringify(completion) : null,
        workout_skipped: skipped ? 1 : 0,
        workout_done: skipped ? 0 : 1,
        plan_id: planIds.get(p.date) ?? null,
        created_at: iso(p.date, 19 * 60),
        updated_at: iso(p.date, 19 * 60),
      });
      if (!skipped && r.chance(0.15) && exercises.length)
        feedback.push({
          user_id: userId,
          workout_date: p.date,
          exercise_name: r.pick(exercises).name,
          exercise_uuid: null,
          feedback_type: r.chance(0.7) ? 'like' : 'dislike',
          comment: null,
          created_at: iso(p.date, 20 * 60),
        });
    }
    await insertChunked(logs, (c) =>
      tx
        .insertInto('workout_logs')
        .values(c as never)
        .execute(),
    );
    await insertChunked(feedback, (c) =>
      tx
        .insertInto('exercise_feedback')
        .values(c as never)
        .execute(),
    );

    const conversationIds = new Map<string, number>();
    await insertChunked(conversations, async (c) => {
      const ids = await tx
        .insertInto('coach_conversations')
        .values(
          c.map((v) => ({
            user_id: userId,
            conversation_uuid: v.uuid,
            coach_type: v.coach,
            title: sentence(r, 4),
            created_at: iso(v.date, 12 * 60),
            updated_at: iso(v.date, 12 * 60 + v.messages),
          })),
        )
        .returning(['id', 'conversation_uuid'])
        .execute();
      for (const row of ids) conversationIds.set(row.conversation_uuid, row.id);
    });
    const messages = conversations.flatMap((v) =>
      Array.from({ length: v.messages }, (_, i) => ({
        user_id: userId,
        conversation_id: conversationIds.get(v.uuid) as number,
        role: i % 2 ? 'assistant' : 'user',
        content: paragraph(r, i % 2 ? r.int(3, 8) : 1),
        thoughts: null,
        created_at: iso(v.date, 12 * 60 + i),
      })),
    );
    await insertChunked(messages, (c) => tx.insertInto('coach_messages').values(c).execute());

    return (
      journal.length +
      todos.length +
      transcripts.length +
      plans.length +
      logs.length +
      feedback.length +
      conversations.length +
      messages.length
    );
  }
}

/** Writes `accounts` accounts (usernames prefix0001 …); the database must be migrated. */
export async function generate(db: Db, o: GenerateOptions): Promise<GeneratedAccount[]> {
  const templates = planTemplates(o.today);
  const out: GeneratedAccount[] = [];
  let rows = 0;
  for (let i = 0; i < o.accounts; i++) {
    // Each account draws from its own stream: account i is the same whatever the count.
    const account = await writeAccount(db, random(o.seed * 1_000_003 + i), o, i, templates);
    out.push(account);
    rows += account.rows;
    o.progress?.(i + 1, rows);
  }
  return out;
}
