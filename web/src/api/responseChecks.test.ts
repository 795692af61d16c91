import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_SCHEMAS, responseChecksModule } from '../../build/responseChecks';
import type { CompiledCheck } from './client';

// The module the build serves as `virtual:response-checks`, compiled from the shared schemas.
let checks: Record<string, CompiledCheck>;

beforeAll(async () => {
  const url = `data:text/javascript;charset=utf-8,${encodeURIComponent(responseChecksModule())}`;
  checks = await import(/* @vite-ignore */ url);
});

const event = {
  id: 'e1',
  etag: null,
  recurringEventId: null,
  summary: 'Standup',
  description: null,
  location: null,
  start: { dateTime: '2026-03-02T09:00:00Z' },
  end: { dateTime: '2026-03-02T09:15:00Z' },
  attendees: [],
  organizer: null,
  calendar: { id: 'c', summary: 'Work', backgroundColor: '#fff', foregroundColor: '#000' },
  declined: false,
  provider: 'google',
  htmlLink: null,
  daymark: null,
  transparency: null,
  transcript_id: null,
};
const week = Array.from({ length: 7 }, (_, i) => ({
  date: `2026-03-0${i + 1}`,
  weekday: 'Sun',
  day: i + 1,
  isToday: i === 1,
  workoutCompleted: false,
}));
const overview = {
  today: '2026-03-02',
  timeZone: 'Europe/Berlin',
  personalGoal: null,
  workout: { id: 3, title: 'Legs' },
  workoutStatus: { status: 'planned', exercises: 6, marked: 0 },
  week,
  calendar: { connected: true, expired: false, events: [event] },
};

describe('compiled response checks', () => {
  it('exports one check per first-page schema', () => {
    expect(Object.keys(checks).sort()).toEqual(Object.keys(FIRST_PAGE_SCHEMAS).sort());
  });

  // Each sample is judged by the check and by zod's parse of the same schema: they must agree.
  const samples: [string, string, unknown][] = [
    ['dashboardOverview', 'a whole overview', overview],
    ['dashboardOverview', 'a field the app does not know yet', { ...overview, newField: 1 }],
    ['dashboardOverview', 'a missing field', { ...overview, week: undefined }],
    ['dashboardOverview', 'six days', { ...overview, week: week.slice(1) }],
    [
      'dashboardOverview',
      'a day of the month as text',
      { ...overview, week: [{ ...week[0], day: '1' }, ...week.slice(1)] },
    ],
    [
      'dashboardOverview',
      'an unknown calendar provider',
      { ...overview, calendar: { connected: true, expired: false, events: [{ ...event, provider: 'x' }] } },
    ],
    ['dashboardOverview', 'an HTML page', '<!doctype html><title>Proxy error</title>'],
    ['meResponse', 'a user', { user: { username: 'ann', is_admin: false, timezone: null } }],
    ['meResponse', 'a user without is_admin', { user: { username: 'ann', timezone: 'UTC' } }],
    ['loginResponse', 'a token and user', { token: 't', user: { username: 'ann' } }],
    ['loginResponse', 'no token', { user: { username: 'ann' } }],
    ['loginResponse', 'nothing', null],
  ];
  for (const [name, what, body] of samples) {
    it(`${name}: ${what}`, () => {
      const schema = FIRST_PAGE_SCHEMAS[name];
      const check = checks[name];
      if (!schema || !check) throw new Error(`no ${name}`);
      expect(check(body)).toBe(schema.safeParse(body).success);
    });
  }

  it('says where a body went wrong', () => {
    const check = checks.dashboardOverview;
    if (!check) throw new Error('no dashboardOverview');
    expect(check({ ...overview, personalGoal: 5 })).toBe(false);
    expect(check.errors?.[0]?.instancePath).toBe('/personalGoal');
  });
});
