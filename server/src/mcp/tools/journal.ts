import { appendToSection } from '#common/journalAppend.js';
import { EVENING_HEADING, GOALS_HEADING, JOURNAL_HEADING, MORNING_HEADING } from '#common/journalText.js';
import type { Db } from '../../db/index.js';
import { getDailyNote, saveDailyNote } from '../../features/journal/service.js';
import { getPlan, savePlan } from '../../features/weekly/service.js';
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
  week_start: z.string().describe('The Monday that starts the planning week'),
  exists: z.boolean(),
  id: z.number().int().nullable(),
  date: z.string().nullable(),
  editable: z.boolean().describe("false once the week has ended (after its Sunday 00:00 in the user's zone)"),
  goals: z.array(z.string()),
  content: z.string(),
  structured_data: z.record(z.string(), z.unknown()).nullable(),
};

/** The weekly plan of the week holding `date`, as the weekly planning editor sees it (Monday weeks). */
export async function weeklyPlanOf(db: Db, userId: number, date: string, zone: string) {
  const plan = await getPlan(db, userId, date, zone);
  return {
    week_start: plan.date,
    exists: plan.exists,
    id: plan.id,
    date: plan.exists ? plan.date : null,
    editable: plan.week.editable,
    goals: plan.structured_data.meta_goals.map((g) => g.trim()).filter(Boolean),
    content: plan.exists ? plan.content : '',
    structured_data: plan.exists ? (plan.structured_data as unknown as Record<string, unknown>) : null,
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
      'Reads the weekly plan of the planning week (Monday to Sunday) holding a date: its goals (up to three meta goals), additional thoughts and the rest of the planning data. exists is false when the user has not planned that week.',
    input: { date: optionalDate('Any day of the week') },
    output: weeklyPlan,
    write: false,
    async run(t, { date }) {
      const plan = await weeklyPlanOf(t.ctx.db, t.user.id, date ?? t.today(), t.zone);
      return { data: plan, text: planText(plan) };
    },
  }),
  defineTool({
    name: 'weekly_plan_set_goals',
    title: "Set the week's goals",
    description:
      'Replaces the goals of the weekly plan of the week holding a date (creating the plan if there is none). Everything else in the plan is kept. A week that has ended (after its Saturday) can no longer be changed. Read the current goals with weekly_plan_get first to keep ones the user wants.',
    input: {
      goals: z.array(z.string().trim().min(1).max(500)).max(12).describe('The goals, most important first'),
      date: optionalDate('Any day of the week'),
    },
    output: weeklyPlan,
    write: true,
    destructive: true,
    idempotent: true,
    async run(t, { goals, date }) {
      const day = date ?? t.today();
      const current = await getPlan(t.ctx.db, t.user.id, day, t.zone);
      const { weekly_review, constraints, brain_dump, weekly_intention, simplified_calendar_events } =
        current.structured_data;
      // The editor shows three goal slots; fewer goals leave the others blank.
      const meta_goals = [...goals, '', '', ''].slice(0, Math.max(3, goals.length));
      // Ended weeks are refused by the weekly service with its own message, as in the editor.
      await savePlan(t.ctx.db, t.user.id, day, t.zone, {
        content: current.exists ? current.content : '',
        weekly_review,
        meta_goals,
        constraints,
        brain_dump,
        weekly_intention,
        simplified_calendar_events,
      });
      const plan = await weeklyPlanOf(t.ctx.db, t.user.id, day, t.zone);
      return { data: plan, text: planText(plan) };
    },
  }),
];
