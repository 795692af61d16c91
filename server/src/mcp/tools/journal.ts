import { appendToSection } from '../../../../common/src/journalAppend.js';
import {
  EVENING_HEADING,
  GOALS_HEADING,
  JOURNAL_HEADING,
  MORNING_HEADING,
} from '../../../../common/src/journalText.js';
import type { Db } from '../../db/index.js';
import { findLatestInRange, parseJson } from '../../features/journal/repo.js';
import { getDailyNote, saveDailyNote, saveJournalEntry } from '../../features/journal/service.js';
import { addDays, weekStartOf } from '../time.js';
import { defineTool, optionalDate, type ToolDef, z } from './define.js';

const SECTIONS = {
  goals: GOALS_HEADING,
  journal: JOURNAL_HEADING,
  morning: MORNING_HEADING,
  evening: EVENING_HEADING,
} as const;

const dailyNote = {
  date: z.string(),
  exists: z.boolean(),
  content: z.string().describe('The note as Markdown'),
  structured_data: z.record(z.string(), z.unknown()).describe('Morning and evening parts extracted from the text'),
  updated_at: z.string().nullable(),
};

const weeklyPlan = {
  week_start: z.string().describe('The Sunday that starts the week'),
  exists: z.boolean(),
  id: z.number().int().nullable(),
  date: z.string().nullable(),
  goals: z.array(z.string()),
  content: z.string(),
  structured_data: z.record(z.string(), z.unknown()).nullable(),
};

/** The weekly plan of the week holding `date`: the latest plan dated within that Sunday–Saturday. */
export async function weeklyPlanOf(db: Db, userId: number, date: string) {
  const weekStart = weekStartOf(date);
  const row = await findLatestInRange(db, userId, 'weekly_planning', weekStart, addDays(weekStart, 6));
  const data = row ? parseJson(row.structured_data) : null;
  const goals = Array.isArray(data?.meta_goals)
    ? data.meta_goals.filter((g): g is string => typeof g === 'string')
    : [];
  return {
    week_start: weekStart,
    exists: Boolean(row),
    id: row?.id ?? null,
    date: row?.date ?? null,
    goals,
    content: row?.content ?? '',
    structured_data: data,
  };
}

const planText = (p: Awaited<ReturnType<typeof weeklyPlanOf>>) =>
  p.exists
    ? `Weekly plan (week of ${p.week_start}):\n${p.goals.map((g, i) => `Goal ${i + 1}: ${g}`).join('\n') || 'No goals set.'}\n\n${p.content}`
    : `No weekly plan for the week of ${p.week_start}.`;

export const journalTools: ToolDef[] = [
  defineTool({
    name: 'journal_get_daily_note',
    title: 'Read a daily note',
    description:
      "Reads the user's daily note for a date: the Markdown text (sections 'Goals for the Day', 'Daily Journal', 'Morning Preparation', 'Evening Shutdown') and the structured morning/evening parts. exists is false when nothing was written that day.",
    input: { date: optionalDate('The day') },
    output: dailyNote,
    write: false,
    async run(t, { date }) {
      const note = await getDailyNote(t.ctx.db, t.user.id, date ?? t.today());
      return {
        data: note,
        text: note.exists ? `Daily note of ${note.date}:\n\n${note.content}` : `No daily note for ${note.date}.`,
      };
    },
  }),
  defineTool({
    name: 'journal_append_today',
    title: "Add to today's note",
    description:
      "Appends text to one section of today's daily note, keeping everything already written: 'goals' (Goals for the Day; the first goal is the dashboard's goal of the day), 'journal' (Daily Journal, free text), 'morning' (Morning Preparation) or 'evening' (Evening Shutdown). Use '- ' bullets for list items. Creates the note if needed.",
    input: {
      section: z.enum(['goals', 'journal', 'morning', 'evening']),
      text: z.string().trim().min(1).max(20_000).describe('Markdown to add at the end of the section'),
    },
    output: dailyNote,
    write: true,
    async run(t, { section, text }) {
      const date = t.today();
      const current = await getDailyNote(t.ctx.db, t.user.id, date);
      const updated = appendToSection(current.content, SECTIONS[section], text);
      const note = await saveDailyNote(t.ctx.db, t.user.id, date, updated);
      return { data: note, text: `Added to ${SECTIONS[section]} of ${date}:\n\n${note.content}` };
    },
  }),
  defineTool({
    name: 'weekly_plan_get',
    title: 'Read the weekly plan',
    description:
      'Reads the weekly plan of the week (Sunday to Saturday) holding a date: its goals (up to three meta goals), additional thoughts and the rest of the planning data. exists is false when the user has not planned that week.',
    input: { date: optionalDate('Any day of the week') },
    output: weeklyPlan,
    write: false,
    async run(t, { date }) {
      const plan = await weeklyPlanOf(t.ctx.db, t.user.id, date ?? t.today());
      return { data: plan, text: planText(plan) };
    },
  }),
  defineTool({
    name: 'weekly_plan_set_goals',
    title: "Set the week's goals",
    description:
      "Replaces the goals of the weekly plan of the week holding a date (creating the plan, dated that week's Sunday, if there is none). Everything else in the plan is kept. Read the current goals with weekly_plan_get first to keep ones the user wants.",
    input: {
      goals: z.array(z.string().trim().min(1).max(500)).max(10).describe('The goals, most important first'),
      date: optionalDate('Any day of the week'),
    },
    output: weeklyPlan,
    write: true,
    destructive: true,
    idempotent: true,
    async run(t, { goals, date }) {
      const current = await weeklyPlanOf(t.ctx.db, t.user.id, date ?? t.today());
      await saveJournalEntry(t.ctx.db, t.user.id, {
        date: current.date ?? current.week_start,
        journal_type: 'weekly_planning',
        content: current.content,
        structured_data: { ...(current.structured_data ?? {}), meta_goals: goals },
      });
      const plan = await weeklyPlanOf(t.ctx.db, t.user.id, current.week_start);
      return { data: plan, text: planText(plan) };
    },
  }),
];
