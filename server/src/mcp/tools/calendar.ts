import { addDays, daysBetween } from '#common/time.js';
import { calendarAccess } from '../../features/calendar/expiry.js';
import { freeSlots } from '../../features/calendar/freeSlots.js';
import { HttpError } from '../../http/errors.js';
import { calendarNotices, eventLine, eventsFor, mcpEvent, withNotices } from './calendarData.js';
import { defineTool, optionalDate, type ToolDef, z } from './define.js';

/** The longest range one call reads: two months keeps an answer within what a model can use. */
const RANGE_MAX_DAYS = 62;
const EVENTS_MAX = 300;

export const calendarTools: ToolDef[] = [
  defineTool({
    name: 'calendar_events',
    title: 'Calendar events',
    description:
      "Lists the user's calendar events (all connected calendars, declined invitations left out) from start_date through end_date, in the user's time zone, all-day events first on each day. Each event says whether a meeting transcript is attached. Default: today and the next 6 days; at most 62 days per call. connected is false when no calendar is connected (events is then empty, not a free week); notices names calendars left out (an expired Google authorization).",
    input: {
      start_date: optionalDate('First day'),
      end_date: optionalDate('Last day (inclusive); six days after start_date'),
    },
    output: {
      connected: z.boolean(),
      start_date: z.string(),
      end_date: z.string(),
      events: z.array(mcpEvent),
      notices: calendarNotices,
    },
    write: false,
    async run(t, { start_date, end_date }) {
      const from = start_date ?? t.today();
      const to = end_date ?? addDays(from, 6);
      if (to < from) throw new HttpError(400, 'end_date must not be before start_date');
      if (daysBetween(from, to) >= RANGE_MAX_DAYS) {
        throw new HttpError(400, `The range may span at most ${RANGE_MAX_DAYS} days`);
      }
      const { connected, notices, events } = await eventsFor(t.ctx, t.user.id, t.zone, from, to, EVENTS_MAX);
      const text = !connected
        ? notices.length
          ? 'No calendar can be read now, so no events are known.'
          : 'No calendar is connected, so no events are known.'
        : events.length
          ? `Events from ${from} to ${to} (${t.zone}):\n${events.map(eventLine).join('\n')}`
          : `No events from ${from} to ${to}.`;
      return { data: { connected, start_date: from, end_date: to, events, notices }, text: withNotices(text, notices) };
    },
  }),
  defineTool({
    name: 'calendar_free_slots',
    title: 'Free time',
    description:
      "Finds free time in the user's calendar: gaps of at least min_minutes between timed events, within waking hours (07:00–21:00 in the user's time zone), from now through the next `days` days. All-day events and declined invitations do not count as busy. Use it to suggest when to work out, focus or meet.",
    input: {
      days: z.number().int().min(1).max(14).default(7).describe('How many days, today included'),
      min_minutes: z.number().int().min(5).max(600).default(30).describe('The shortest useful slot'),
    },
    output: {
      connected: z.boolean(),
      slots: z.array(z.object({ start: z.string(), end: z.string(), duration_minutes: z.number().int() })),
      notices: calendarNotices,
    },
    write: false,
    async run(t, { days, min_minutes }) {
      const { connected, notices } = await calendarAccess(t.ctx.db, t.user.id);
      if (!connected) {
        const text = notices.length
          ? 'No calendar can be read now, so free time cannot be known.'
          : 'No calendar is connected, so free time cannot be known.';
        return { data: { connected, slots: [], notices }, text: withNotices(text, notices) };
      }
      const slots = await freeSlots(t.ctx, t.user.id, { days, minDuration: min_minutes, zone: t.zone });
      const text = slots.length
        ? `Free slots of ${min_minutes}+ minutes (${t.zone}):\n${slots
            .map(
              (s) => `- ${s.start.replace('T', ' ').slice(0, 16)}–${s.end.slice(11, 16)} (${s.duration_minutes} min)`,
            )
            .join('\n')}`
        : `No free slot of ${min_minutes} minutes in the next ${days} days.`;
      return { data: { connected, slots, notices }, text: withNotices(text, notices) };
    },
  }),
];
