import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TRAINING_TEXTS, type TrainingSession, type TrainingWeek, trainingWeek } from '#common/api/training.js';
import { calendarWords, hasCalendarEvent, timeRange, todayLine } from './format';
import { trainingKeys } from './keys';
import { SessionOfDay } from './SessionOfDay';
import { isTrainingWeek, TodaySession } from './TodaySession';
import { WeekSessionsList } from './WeekSessionsList';

const session = (over: Partial<TrainingSession> = {}): TrainingSession => ({
  id: 1,
  week_start: '2026-03-02',
  index: 1,
  date: '2026-03-03',
  start_at: '2026-03-03T11:00:00Z',
  end_at: '2026-03-03T11:45:00Z',
  start_time: '12:00',
  end_time: '12:45',
  minutes: 45,
  status: 'planned',
  placed_by: 'planner',
  calendar: 'written',
  note: null,
  changed_at: null,
  ...over,
});

const week = (over: Partial<TrainingWeek> = {}): TrainingWeek =>
  trainingWeek.parse({
    week_start: '2026-03-02',
    enabled: true,
    sessions: [
      session(),
      session({
        id: 2,
        index: 2,
        date: '2026-03-05',
        start_time: '17:30',
        end_time: '18:00',
        minutes: 30,
        status: 'skipped',
      }),
    ],
    unplaced: [{ index: 3, message: TRAINING_TEXTS.noTime(3) }],
    calendar_writable: true,
    ...over,
  });

function render(node: ReturnType<typeof createElement>, data: Array<[readonly unknown[], unknown]>) {
  const qc = new QueryClient();
  for (const [key, value] of data) qc.setQueryData(key, value);
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client: qc }, createElement(MemoryRouter, null, node)),
  );
}

describe('the training week in words', () => {
  it('names the time range and today’s session', () => {
    expect(timeRange(session())).toBe('12:00–12:45');
    expect(todayLine([session()], '2026-03-03')).toBe('Training today 12:00–12:45');
    expect(todayLine([session({ status: 'done' })], '2026-03-03')).toBe('Trained today 12:00–12:45');
    expect(todayLine([session({ status: 'skipped' })], '2026-03-03')).toBeNull();
    expect(todayLine([session()], '2026-03-04')).toBeNull();
  });

  it('says whether the calendar holds a session, only when the rule writes sessions', () => {
    expect(calendarWords(session(), true)).toBe('In your calendar');
    expect(calendarWords(session({ calendar: 'pending' }), true)).toBe('Being added to your calendar');
    expect(calendarWords(session({ calendar: 'failed' }), true)).toMatch(/^Not in your calendar yet/);
    expect(calendarWords(session({ status: 'released' }), true)).toBe('Not in your calendar');
    expect(calendarWords(session(), false)).toBeNull();
    expect(hasCalendarEvent(session({ calendar: 'off' }))).toBe(false);
  });
});

describe("the overview's check of the week", () => {
  it('accepts a week as the API gives it and refuses other shapes', () => {
    expect(isTrainingWeek(week())).toBe(true);
    expect(isTrainingWeek({ enabled: true, sessions: [{ date: '2026-03-03' }] })).toBe(false);
    expect(isTrainingWeek({ error: 'Not found' })).toBe(false);
    expect(isTrainingWeek(null)).toBe(false);
  });

  it("names today's session, and nothing when the week plans none", () => {
    const today = '2026-03-03';
    const html = render(createElement(TodaySession, { today }), [[trainingKeys.today(today), week()]]);
    expect(html).toContain('Training today 12:00–12:45');
    const off = render(createElement(TodaySession, { today }), [[trainingKeys.today(today), week({ enabled: false })]]);
    expect(off).toBe('');
  });
});

describe("the weekly planning screen's list", () => {
  it("lists the week's sessions with their status in words, and the ones without a place", () => {
    const html = render(createElement(WeekSessionsList, { date: '2026-03-02' }), [
      [trainingKeys.week('2026-03-02'), week()],
    ]);
    expect(html).toContain('12:00–12:45');
    expect(html).toContain('45 min · Planned');
    expect(html).toContain('30 min · Skipped');
    expect(html).toContain('No time this week for session 3.');
  });

  it('says what the feature does when the week plans no sessions', () => {
    const html = render(createElement(WeekSessionsList, { date: '2026-03-02' }), [
      [trainingKeys.week('2026-03-02'), week({ enabled: false, sessions: [], unplaced: [] })],
    ]);
    expect(html).toContain('href="/workout/settings"');
  });
});

describe("a plan's session", () => {
  it('names the session held on the plan’s date, and nothing on a day without one or with a skipped one', () => {
    const seeded = (date: string) => render(createElement(SessionOfDay, { date }), [[trainingKeys.week(date), week()]]);
    expect(seeded('2026-03-03')).toBe('<span>Training session 12:00–12:45</span>');
    expect(seeded('2026-03-04')).toBe('');
    expect(seeded('2026-03-05')).toBe('');
  });
});
