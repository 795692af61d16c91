// The reminders' settings read, shared by the Reminders tab and the overview's notice about a
// stopped channel. The overview is on the first page, which loads no zod (see
// web/build/responseChecks.ts): this module imports types only from the contract, and checks the
// answer's shape by hand (reminderShape.test.ts gives it and zod the same samples).
import type { Channel, RemindersResponse } from '#common/api/reminders.js';
import { get } from '../../api/client';

export const remindersKeys = {
  /** GET /api/reminders: settings, channels, what the server offers. */
  all: ['reminders'] as const,
  /** The delivery log, page by page (under `all`, so a change to the reminders reads it again). */
  deliveries: ['reminders', 'deliveries'] as const,
};

// The contract's lists, repeated here without zod; the test holds them equal.
export const CHANNEL_KIND_LIST = ['email', 'ntfy', 'gotify', 'webhook', 'webpush'] as const;
export const REMINDER_KIND_LIST = ['training', 'briefing', 'journal', 'weekly', 'calendar'] as const;
export const DETAIL_LEVEL_LIST = ['titles', 'details'] as const;
const LEAD_MAX = 240;

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isClock = (v: unknown) => typeof v === 'string' && v.length <= 5;
const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';
const oneOf = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);

function isSettings(s: unknown): boolean {
  if (!isRecord(s)) return false;
  const lead = s.training_lead_minutes;
  const quiet = [s.quiet_start, s.quiet_end];
  return (
    isInt(lead) &&
    lead >= 0 &&
    lead <= LEAD_MAX &&
    isClock(s.journal_time) &&
    isClock(s.weekly_time) &&
    quiet.every((q) => q === null || isClock(q)) &&
    (quiet[0] === null) === (quiet[1] === null)
  );
}

function isChannel(c: unknown): c is Channel {
  return (
    isRecord(c) &&
    isInt(c.id) &&
    oneOf(CHANNEL_KIND_LIST, c.kind) &&
    typeof c.label === 'string' &&
    typeof c.enabled === 'boolean' &&
    oneOf(DETAIL_LEVEL_LIST, c.detail) &&
    Array.isArray(c.kinds) &&
    c.kinds.every((k) => oneOf(REMINDER_KIND_LIST, k)) &&
    typeof c.target === 'string' &&
    typeof c.has_secret === 'boolean' &&
    isInt(c.devices) &&
    isStringOrNull(c.broken_at) &&
    isStringOrNull(c.last_error) &&
    typeof c.created_at === 'string'
  );
}

/**
 * True when a body has the shape of `RemindersResponse`. Like the build's compiled checks it
 * allows fields it does not know and leaves the clock times' format to the server.
 */
export function isRemindersResponse(data: unknown): data is RemindersResponse {
  return (
    isRecord(data) &&
    isSettings(data.settings) &&
    Array.isArray(data.channels) &&
    data.channels.every(isChannel) &&
    typeof data.email_available === 'boolean' &&
    typeof data.push_public_key === 'string' &&
    typeof data.timezone === 'string'
  );
}

/** The one query of GET /api/reminders: the same key and reader on every screen that shows it. */
export const remindersQuery = {
  queryKey: remindersKeys.all,
  queryFn: () => get<RemindersResponse>('/reminders', { schema: isRemindersResponse }),
};

/** The contract's `REMINDER_TEXTS.brokenNotice`, for the overview (the test holds them equal). */
export const brokenNotice = (label: string) => `Reminders through ${label} have stopped: the last sends failed.`;
