import {
  type PlanningMessage,
  type SaveWeeklyPlanRequest,
  type SaveWeeklyPlanResponse,
  saveWeeklyPlanRequest,
  type WeeklyConversation,
  type WeeklyPlan,
  type WeeklyStructured,
  weeklyPlan,
  weeklyStructured,
} from '#common/api/weekly.js';
import { WEEKLY_DEFAULT_CONTENT } from '#common/journalConstants.js';
import { readWeeklyStructured, weeklyPlanMarkdown } from '#common/weeklyPlan.js';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { weekOf } from '#common/weekRules.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { notFound } from '../../http/errors.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { writtenOnce } from '../../http/writtenOnce.js';
import { type JournalRow, saveEntry } from '../journal/repo.js';
import { loadReflections } from './reflections.js';
import * as repo from './repo.js';
import { assertWeekEditable, weekInfo } from './rules.js';

/** The stored structured data, read leniently: a plan written through the journal API may lack fields. */
export function structuredOf(row: JournalRow | undefined): WeeklyStructured {
  return readWeeklyStructured(row?.structured_data ?? null);
}

function present(
  row: JournalRow | undefined,
  week: string,
  zone: string,
  info: WeeklyPlan['week'] = weekInfo(week, zone),
): WeeklyPlan {
  return {
    id: row?.id ?? null,
    date: week,
    exists: Boolean(row),
    content: row?.content ?? '',
    structured_data: structuredOf(row),
    updated_at: row?.updated_at ?? null,
    week: info,
  };
}

export const findPlanRow = repo.findPlanRow;

/** A week's plan written by the same compiled serialiser as the route's response. */
const writePlan = compileResponseSerializer(weeklyPlan) as (p: WeeklyPlan) => string;

/**
 * Plans written as JSON once (`writtenOnce`), by user and week: the Weekly tab reads the week's
 * plan on every visit, and checking its stored structured data against the schema and writing
 * it cost more than the query. Written again whenever anything it is written from changes: the
 * row's fields, the zone and the week's state now (editable, next week open).
 */
const writtenPlans = writtenOnce(4 * 1024 * 1024);

/** The stored plan of a date's week, and the week's state at `now`, as both reads present them. */
async function readPlan(db: Db, userId: number, date: string, zone: string, now: number) {
  // The week comes from the remembered bounds of the date (its Monday, computed once per date).
  const info = weekInfo(date, zone, now);
  return { week: info.week, row: await findPlanRow(db, userId, info.week), info };
}

/** The same answer as `getPlan`, as the response's JSON (UTF-8 bytes). */
export async function getPlanJson(
  db: Db,
  userId: number,
  date: string,
  zone: string,
  now: number = Date.now(),
): Promise<Buffer> {
  const { week, row, info } = await readPlan(db, userId, date, zone, now);
  const inputs = [
    row?.id,
    row?.content,
    row?.structured_data,
    row?.updated_at,
    zone,
    info.editable,
    info.can_create_next,
  ];
  return writtenPlans(`${userId}\u0000${week}`, inputs, () => ({
    text: writePlan(present(row, week, zone, info)),
    extra: undefined,
  })).json;
}

export async function getPlan(
  db: Db,
  userId: number,
  date: string,
  zone: string,
  now: number = Date.now(),
): Promise<WeeklyPlan> {
  const { week, row, info } = await readPlan(db, userId, date, zone, now);
  return present(row, week, zone, info);
}

/** What the user wrote, compared to decide whether a save changes anything. */
const written = (content: string, d: Pick<WeeklyStructured, keyof typeof fieldsShape>) =>
  JSON.stringify([
    content.trim() === WEEKLY_DEFAULT_CONTENT ? '' : content.trim(),
    d.weekly_review,
    d.meta_goals.map((g) => g.trim()).filter(Boolean),
    d.constraints,
    d.brain_dump,
    d.weekly_intention,
    d.simplified_calendar_events,
  ]);
const fieldsShape = {
  weekly_review: 1,
  meta_goals: 1,
  constraints: 1,
  brain_dump: 1,
  weekly_intention: 1,
  simplified_calendar_events: 1,
} as const;
const BLANK = written('', weeklyStructured.parse({}));

/**
 * Saves a week's plan (any date names its week's Monday), with the week's reflections attached
 * as they are now. Refused once the week has ended; 'No changes to save' when nothing the user
 * wrote differs from what is stored.
 */
export async function savePlan(
  db: Db,
  userId: number,
  date: string,
  zone: string,
  input: SaveWeeklyPlanRequest,
): Promise<SaveWeeklyPlanResponse> {
  const week = assertWeekEditable(date, zone);
  const body = saveWeeklyPlanRequest.parse(input);
  const current = await findPlanRow(db, userId, week);
  const before = current ? written(current.content, structuredOf(current)) : BLANK;
  if (written(body.content, body) === before) {
    return { saved: false, message: WEEKLY_TEXT.noChanges, plan: present(current, week, zone) };
  }
  const reflections = await loadReflections(db, userId, week);
  const { content, ...fields } = body;
  const data: WeeklyStructured = {
    ...fields,
    morning_reflections: reflections.morning_reflections,
    evening_reflections: reflections.evening_reflections,
  };
  const row = await saveEntry(db, userId, {
    date: week,
    journal_type: 'weekly_planning',
    content: content.trim() ? content : WEEKLY_DEFAULT_CONTENT,
    structured_data: data as unknown as Record<string, unknown>,
    now: nowIso(),
  });
  return { saved: true, message: WEEKLY_TEXT.saved, plan: present(row, week, zone) };
}

/** The saved plan as Markdown, or 404 with the spec's 'no plan' text. */
export async function exportPlan(db: Db, userId: number, date: string): Promise<{ week: string; markdown: string }> {
  const week = weekOf(date);
  const row = await findPlanRow(db, userId, week);
  if (!row) throw notFound(WEEKLY_TEXT.noPlan);
  return { week, markdown: weeklyPlanMarkdown(week, row.content, row.structured_data) };
}

function presentConversation(row: Awaited<ReturnType<typeof repo.findConversation>>, week: string): WeeklyConversation {
  let messages: PlanningMessage[] = [];
  try {
    messages = row ? (JSON.parse(row.messages) as PlanningMessage[]) : [];
  } catch {
    messages = [];
  }
  return {
    exists: Boolean(row),
    id: row?.id ?? null,
    date: week,
    conversation: messages,
    updated_at: row?.updated_at ?? null,
  };
}

export async function getConversation(db: Db, userId: number, date: string): Promise<WeeklyConversation> {
  const week = weekOf(date);
  return presentConversation(await repo.findConversation(db, userId, week), week);
}

/** The conversation is part of the week's plan, so an ended week's is read-only too. */
export async function saveConversation(
  db: Db,
  userId: number,
  date: string,
  zone: string,
  messages: PlanningMessage[],
): Promise<WeeklyConversation> {
  const week = assertWeekEditable(date, zone);
  return presentConversation(await repo.upsertConversation(db, userId, week, messages, nowIso()), week);
}

export async function deleteConversation(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteConversation(db, userId, id))) throw notFound(WEEKLY_TEXT.conversationNotFound);
}

export async function deleteWeekConversation(db: Db, userId: number, date: string): Promise<void> {
  const row = await repo.findConversation(db, userId, weekOf(date));
  if (!row) throw notFound(WEEKLY_TEXT.conversationNotFound);
  await repo.deleteConversation(db, userId, row.id);
}
