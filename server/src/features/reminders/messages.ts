import type { DetailLevel, ReminderKind } from '#common/api/reminders.js';
import { withoutTrailingSlashes } from '#common/text.js';

/** One reminder as a person reads it: a title, a line or two, and the screen it opens. */
export interface ReminderMessage {
  title: string;
  body: string;
  /** The app's path it opens (`/workout`), made absolute with the channel's app address. */
  path: string;
}

/** Both detail levels are stored with a delivery; the channel's choice is read when it is sent. */
export type ReminderPayload = Record<DetailLevel, ReminderMessage>;

/** What is due for one user at one moment: what it is, what makes it one, and its text. */
export interface DueItem {
  kind: ReminderKind;
  /** Unique per thing reminded of: a moved session is a new key, so it gets its own reminder. */
  key: string;
  payload: ReminderPayload;
}

const same = (m: ReminderMessage): ReminderPayload => ({ titles: m, details: m });

export function trainingMessage(s: {
  start: string;
  end: string;
  minutes: number;
  workout: string | null;
}): ReminderPayload {
  const title = `Training session at ${s.start}`;
  return {
    titles: { title, body: `${s.minutes} minutes, until ${s.end}.`, path: '/workout' },
    details: {
      title: s.workout ? `${title}: ${s.workout}` : title,
      body: `${s.workout ? `${s.workout} · ` : ''}${s.minutes} min · ${s.start}–${s.end}`,
      path: '/workout',
    },
  };
}

/** The briefing's first lines, plain: no Markdown marks, at most about 240 characters. */
export function briefingSummary(text: string, max = 240): string {
  const lines = text
    .split('\n')
    .map((l) =>
      l
        .replace(/^[#>*\-\s]+/, '')
        .replaceAll('**', '')
        .trim(),
    )
    .filter((l) => l && !l.startsWith('Executive Daily Briefing'));
  let out = '';
  for (const l of lines) {
    const next = out ? `${out} ${l}` : l;
    if (next.length > max) {
      if (!out) out = `${l.slice(0, max - 1).trimEnd()}…`;
      else out = `${out} …`;
      break;
    }
    out = next;
  }
  return out;
}

export function briefingMessage(summary: string): ReminderPayload {
  const title = 'Your morning briefing is ready';
  return {
    titles: { title, body: 'Open it in Daymark.', path: '/assistant' },
    details: { title, body: summary || 'Open it in Daymark.', path: '/assistant' },
  };
}

export const journalMessage = (date: string): ReminderPayload =>
  same({
    title: 'Your evening journal is still empty',
    body: 'A few lines before the day ends.',
    path: `/notes/daily/${date}`,
  });

export const weeklyMessage = (monday: string): ReminderPayload =>
  same({
    title: 'Next week has no plan yet',
    body: 'Plan the week ahead in Daymark.',
    path: `/notes/weekly/${monday}`,
  });

export function calendarMessage(label: string): ReminderPayload {
  const title = 'A calendar connection has expired';
  const path = '/dashboard/calendar-settings';
  return {
    titles: { title, body: 'Connect it again to keep your calendar up to date.', path },
    details: { title, body: `Connect “${label}” again to keep your calendar up to date.`, path },
  };
}

export const testMessage = (label: string): ReminderPayload =>
  same({
    title: 'Daymark test reminder',
    body: `Reminders through “${label}” reach you.`,
    path: '/dashboard/reminders',
  });

/** The link a reminder opens: the app's address and the path, or null when no address is known. */
export function linkOf(appUrl: string | null, path: string): string | null {
  if (!appUrl) return null;
  return `${withoutTrailingSlashes(appUrl)}${path}`;
}
