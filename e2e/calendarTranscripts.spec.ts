import { expect, type Page, test } from '@playwright/test';
import { addDays, todayIn } from '#common/time.js';
import { icsInstant, vevent } from '../server/src/test/ics.js';
import { type Radicale, startRadicale } from '../server/src/test/radicale.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

/**
 * Transcripts on the Calendar tab, against a real Radicale (CalDAV): a meeting seeded on the
 * calendar server gets its transcript from the tab, is then marked as having one, opens it, and
 * the transcript is found in the Transcripts section.
 */

const ZONE = 'Pacific/Auckland';
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: 'serial' });

const USER = 'sam';
const PASSWORD = 'sam-app-password';

let app: LlmApp;
let radicale: Radicale;
let workCalendar: string;

/** YYYYMMDDTHHMMSSZ of a local time on a date in the user's zone. */
const at = (date: string, hour: number, minute = 0) => icsInstant(date, hour * 60 + minute, ZONE);

test.beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  const today = todayIn(ZONE);
  const work = await radicale.makeCalendar(USER, 'work', { displayName: 'Work', color: '#0b8043' });
  workCalendar = work;
  // Early in the day, so that the meeting has taken place whatever the hour the test runs at.
  await radicale.put(
    work,
    'standup.ics',
    vevent('standup', [
      `DTSTART:${at(today, 0, 5)}`,
      `DTEND:${at(today, 0, 35)}`,
      'SUMMARY:Team standup',
      'DESCRIPTION:Daily sync of the platform team',
      'LOCATION:Room 4',
    ]),
    USER,
  );
  await radicale.put(
    work,
    'review.ics',
    vevent('review', [`DTSTART:${at(today, 23)}`, `DTEND:${at(today, 23, 30)}`, 'SUMMARY:Design review']),
    USER,
  );
  await radicale.put(
    work,
    'retro.ics',
    vevent('retro', [
      `DTSTART:${at(addDays(today, -1), 15)}`,
      `DTEND:${at(addDays(today, -1), 16)}`,
      'SUMMARY:Sprint retro',
    ]),
    USER,
  );
  await radicale.put(
    work,
    'planning.ics',
    vevent('planning', [
      `DTSTART:${at(addDays(today, 3), 10)}`,
      `DTEND:${at(addDays(today, 3), 11)}`,
      'SUMMARY:Quarter planning',
    ]),
    USER,
  );
  // Radicale runs on this machine, an address the app refuses unless told otherwise.
  app = await startApp(undefined, { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
});
test.afterAll(async () => {
  await app?.close();
  await radicale?.stop();
});

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const eventRow = (page: Page, summary: string) =>
  page
    .getByRole('region', { name: /^Today · / })
    .getByRole('listitem')
    .filter({ hasText: summary });

test('a seeded meeting gets its transcript from the Calendar tab and is then marked, opened and listed', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  // The connection is made through the API here; the calendar spec covers the settings form.
  const res = await page.request.post(`${app.baseUrl}/api/calendar/caldav`, {
    headers: { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl },
    data: { url: `${radicale.url}/`, username: USER, password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Today' }).click();

  // Both of today's meetings are in the quick panel and the transcripts of today are empty.
  const quick = page.getByRole('list', { name: "Today's events without a transcript" });
  await expect(quick.getByRole('listitem')).toHaveCount(2);
  const day = page.getByRole('list', { name: `Transcripts for ${longDate(today)}` });
  await expect(
    page.getByText('No transcripts found for this date. Add a new transcript to get started!'),
  ).toBeVisible();

  // Add the standup's transcript from its row, prefilled from the event; Ctrl+Enter saves.
  const standup = eventRow(page, 'Team standup');
  await expect(standup).toContainText('12:05 AM - 12:35 AM');
  await standup.getByRole('button', { name: 'Add transcript for Team standup' }).click();
  const modal = page.getByRole('dialog', { name: 'New Meeting Transcript' });
  await expect(modal.getByLabel('Title')).toHaveValue('Team standup');
  await expect(modal.getByLabel('Date')).toHaveValue(today);
  await expect(modal.getByLabel('Type')).toHaveValue('scheduled');
  await expect(modal.getByLabel('Meeting Context (optional)')).toHaveValue('Daily sync of the platform team');
  await modal
    .getByRole('textbox', { name: 'Transcript', exact: true })
    .fill('Ana: The deploy is green.\nBob: Action: rotate the keys.');
  await modal.getByRole('textbox', { name: 'Transcript', exact: true }).press('Control+Enter');
  await expect(modal).toHaveCount(0);

  // Marked as having one; it left the quick panel; it is listed for today.
  await expect(standup.getByRole('button', { name: 'View transcript for Team standup' })).toBeVisible();
  await expect(standup.getByRole('button', { name: 'Add transcript for Team standup' })).toHaveCount(0);
  await expect(quick.getByRole('listitem')).toHaveCount(1);
  await expect(quick).toContainText('Design review');
  await expect(day.getByRole('listitem')).toHaveCount(1);
  await expect(day.getByRole('listitem').first()).toContainText('Team standup');
  await expect(day.getByRole('listitem').first()).toContainText('Scheduled');
  await expect(day.getByRole('listitem').first()).toContainText('Context: Daily sync of the platform team');

  // Opened from the event: the saved text, editable.
  await standup.getByRole('button', { name: 'View transcript for Team standup' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Meeting Transcript' });
  await expect(edit.getByRole('textbox', { name: 'Transcript', exact: true })).toHaveValue(
    'Ana: The deploy is green.\nBob: Action: rotate the keys.',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  // The quick panel's '+' adds the other one; then every meeting of today has its transcript.
  await quick.getByRole('button', { name: 'Add transcript for this meeting: Design review' }).click();
  const second = page.getByRole('dialog', { name: 'New Meeting Transcript' });
  await expect(second.getByLabel('Title')).toHaveValue('Design review');
  await second.getByRole('textbox', { name: 'Transcript', exact: true }).fill('We agreed on the new colours.');
  await second.getByRole('button', { name: 'Save Transcript' }).click();
  await expect(second).toHaveCount(0);
  await expect(page.getByText("All today's events have transcripts! 🎉")).toBeVisible();
  await expect(
    eventRow(page, 'Design review').getByRole('button', { name: 'View transcript for Design review' }),
  ).toBeVisible();

  // The Transcripts section lists both, as scheduled meetings of today.
  await page.goto(`${app.baseUrl}/transcript`);
  await expect(page.getByRole('button', { name: 'Edit Team standup' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Design review' })).toBeVisible();
});

test('past meetings get transcripts from the past view; upcoming ones offer none; the day picker moves', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  const yesterday = addDays(today, -1);
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await page.getByRole('button', { name: 'Upcoming' }).click();
  const planning = page.getByRole('listitem').filter({ hasText: 'Quarter planning' });
  await expect(planning).toBeVisible();
  await expect(planning.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Past Events' }).click();
  await page.getByLabel('Range').selectOption({ label: 'Yesterday' });
  const retro = page.getByRole('listitem').filter({ hasText: 'Sprint retro' });
  await retro.getByRole('button', { name: 'Add transcript for Sprint retro' }).click();
  const modal = page.getByRole('dialog', { name: 'New Meeting Transcript' });
  await expect(modal.getByLabel('Date')).toHaveValue(yesterday);
  await modal.getByRole('textbox', { name: 'Transcript', exact: true }).fill('What went well: the release.');
  await modal.getByRole('button', { name: 'Save Transcript' }).click();
  await expect(modal).toHaveCount(0);
  await expect(retro.getByRole('button', { name: 'View transcript for Sprint retro' })).toBeVisible();
  // The list beside the events moved to the meeting's day.
  const list = page.getByRole('list', { name: `Transcripts for ${longDate(yesterday)}` });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Sprint retro');

  // The day picker is keyboard-usable: next day brings back today's two.
  await page.getByRole('button', { name: 'Next day' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: `Transcripts for ${longDate(today)}` }).getByRole('listitem'),
  ).toHaveCount(2);
});

test('at 390 px the Calendar tab with its transcripts fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(eventRow(page, 'Team standup').getByRole('button', { name: /View transcript/ })).toBeVisible();
  await expect(page.getByText("All today's events have transcripts! 🎉")).toBeVisible();
  type BrowserGlobal = { document: { documentElement: { scrollWidth: number } } };
  const width = await page.evaluate(
    () => (globalThis as unknown as BrowserGlobal).document.documentElement.scrollWidth,
  );
  expect(width).toBeLessThanOrEqual(390);
});

test('a meeting changed on the calendar server no longer counts its old transcript; a deleted one is gone from the marks', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  // Moved by half an hour: the same event id with a new etag.
  await radicale.put(
    workCalendar,
    'review.ics',
    vevent('review', [`DTSTART:${at(today, 22, 30)}`, `DTEND:${at(today, 23)}`, 'SUMMARY:Design review']),
    USER,
  );
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await page.getByRole('button', { name: 'Refresh events' }).click();
  const review = eventRow(page, 'Design review');
  await expect(review).toContainText('10:30 PM - 11:00 PM');
  await expect(review.getByRole('button', { name: 'Add transcript for Design review' })).toBeVisible();
  const quick = page.getByRole('list', { name: "Today's events without a transcript" });
  await expect(quick.getByRole('listitem')).toHaveCount(1);
  await expect(quick).toContainText('Design review');
  // The unchanged standup keeps its transcript.
  const standup = eventRow(page, 'Team standup');
  await expect(standup.getByRole('button', { name: 'View transcript for Team standup' })).toBeVisible();

  // Deleting the standup's transcript from the list for today asks first, then the meeting
  // has none again.
  const day = page.getByRole('list', { name: `Transcripts for ${longDate(today)}` });
  await day.getByRole('listitem').filter({ hasText: 'Team standup' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('This action cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(day.getByRole('listitem').filter({ hasText: 'Team standup' })).toHaveCount(0);
  await expect(standup.getByRole('button', { name: 'Add transcript for Team standup' })).toBeVisible();
  await expect(quick.getByRole('listitem')).toHaveCount(2);
});

test("Daymark's own workout entry is marked on the calendar and is no meeting; the briefing knows which meetings have transcripts", async ({
  page,
}) => {
  const today = todayIn(ZONE);
  // The user's own meetings, one titled as Daymark titles its workouts.
  await radicale.put(
    workCalendar,
    'client.ics',
    vevent('client-call', [`DTSTART:${at(today, 0, 40)}`, `DTEND:${at(today, 0, 55)}`, 'SUMMARY:Client call']),
    USER,
  );
  await radicale.put(
    workCalendar,
    'team-run.ics',
    vevent('team-run', [`DTSTART:${at(today, 0, 10)}`, `DTEND:${at(today, 0, 20)}`, 'SUMMARY:Workout: Team run']),
    USER,
  );
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  // The offline planner writes today's plan, which goes to the calendar (sync_workouts is on).
  const stream = await page.request.get(`${app.baseUrl}/api/workout/stream`, { headers, params: { date: today } });
  expect(await stream.text()).toContain('completed');
  await page.getByRole('button', { name: 'Refresh events' }).click();

  // On the calendar, marked as Daymark's, with no transcript to add; the user's "Workout: Team run" is a meeting.
  const ours = page
    .getByRole('region', { name: /^Today · / })
    .getByRole('listitem')
    .filter({ hasText: "Added by Daymark: the day's workout" });
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText('Workout: ');
  await expect(ours.getByRole('button', { name: /transcript/i })).toHaveCount(0);
  const workoutTitle = (await ours.locator('p').first().textContent()) ?? '';
  expect(workoutTitle).toMatch(/^Workout: /);
  await expect(eventRow(page, 'Workout: Team run').getByRole('button', { name: /Add transcript/ })).toBeVisible();

  // Quick Transcripts: no '+' for Daymark's workout, one for the user's meeting of the same prefix.
  const quick = page.getByRole('list', { name: "Today's events without a transcript" });
  await expect(quick).toContainText('Workout: Team run');
  await expect(quick).toContainText('Client call');
  await expect(quick.getByRole('button', { name: `Add transcript for this meeting: ${workoutTitle}` })).toHaveCount(0);

  // '+ Transcript' on the client call: the Calendar tab shows ✓ Transcript.
  const call = eventRow(page, 'Client call');
  await call.getByRole('button', { name: 'Add transcript for Client call' }).click();
  const modal = page.getByRole('dialog', { name: 'New Meeting Transcript' });
  await modal.getByRole('textbox', { name: 'Transcript', exact: true }).fill('They signed.');
  await modal.getByRole('button', { name: 'Save Transcript' }).click();
  await expect(modal).toHaveCount(0);
  await expect(call.getByRole('button', { name: 'View transcript for Client call' })).toBeVisible();
  await expect(quick).not.toContainText('Client call');

  // The offline Executive Daily Briefing agrees: the call has its transcript, and the workout is no meeting.
  await page.goto(`${app.baseUrl}/assistant`);
  await page.getByRole('button', { name: 'Executive Daily Briefing' }).click();
  const card = page.getByTestId('report-card');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Executive Daily Briefing');
  const section = (name: string) =>
    card.locator('section').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const missing = section('Meetings Without Transcripts');
  await expect(missing).toContainText('Workout: Team run');
  await expect(missing).not.toContainText('Client call');
  await expect(missing).not.toContainText(workoutTitle);
  const schedule = section('Schedule');
  await expect(schedule).toContainText('Client call');
  await expect(schedule).not.toContainText(workoutTitle);
});
