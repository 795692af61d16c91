import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { CALENDAR_TEXT } from '#common/api/calendarText.js';
import { addDays, mondayOf, startOfDayIn, todayIn } from '#common/time.js';
import { type FakeGoogle, startFakeGoogle } from '../server/src/test/fakeGoogle.js';
import { icsInstant, vevent } from '../server/src/test/ics.js';
import { type Radicale, startRadicale } from '../server/src/test/radicale.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

/**
 * The calendar screens against a real Radicale (CalDAV) and the local Google stand-in, on an app
 * of their own so the connections never meet another spec's account.
 */

// Far from UTC, so the user's days are not the machine's.
const ZONE = 'Pacific/Auckland';
test.use({ timezoneId: ZONE });

// One account and one calendar server for the whole file: each test builds on the one before.
test.describe.configure({ mode: 'serial' });

const USER = 'alice';
const PASSWORD = 'alice-app-password';

let app: LlmApp;
let radicale: Radicale;
let google: FakeGoogle;

/** YYYYMMDDTHHMMSSZ of a local time on a date in the user's zone. */
const at = (date: string, hour: number, minute = 0) => icsInstant(date, hour * 60 + minute, ZONE);

async function seed(today: string) {
  const work = await radicale.makeCalendar(USER, 'work', { displayName: 'Work', color: '#0b8043' });
  const home = await radicale.makeCalendar(USER, 'home', { displayName: 'Home', color: '#f6bf26' });
  const tomorrow = addDays(today, 1).replaceAll('-', '');
  await radicale.put(
    work,
    'standup.ics',
    vevent('standup', [
      `DTSTART:${at(today, 9)}`,
      `DTEND:${at(today, 9, 30)}`,
      'SUMMARY:Team standup',
      'LOCATION:Room 4',
    ]),
    USER,
  );
  await radicale.put(
    work,
    'review.ics',
    vevent('review', [`DTSTART:${at(today, 14)}`, `DTEND:${at(today, 15, 30)}`, 'SUMMARY:Design review']),
    USER,
  );
  await radicale.put(
    work,
    'declined.ics',
    vevent('declined', [
      `DTSTART:${at(today, 11)}`,
      `DTEND:${at(today, 12)}`,
      'SUMMARY:Vendor pitch',
      'ORGANIZER:mailto:vendor@example.com',
      `ATTENDEE;PARTSTAT=DECLINED:mailto:${USER}@example.com`,
    ]),
    USER,
  );
  await radicale.put(
    home,
    'holiday.ics',
    vevent('holiday', [
      `DTSTART;VALUE=DATE:${today.replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${tomorrow}`,
      'SUMMARY:Family day',
    ]),
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
    home,
    'dinner.ics',
    vevent('dinner', [
      `DTSTART:${at(addDays(today, 2), 19)}`,
      `DTEND:${at(addDays(today, 2), 21)}`,
      'SUMMARY:Dinner with Sam',
    ]),
    USER,
  );
}

test.beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  await seed(todayIn(ZONE));
  google = await startFakeGoogle({ email: 'alice@example.com' });
  // Radicale and the .ics feed run on this machine, addresses the app refuses unless told otherwise
  // (Google's endpoints are the administrator's and are not checked).
  app = await startApp(undefined, { ...google.env, CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
});
test.afterAll(async () => {
  await app?.close();
  await radicale?.stop();
  await google?.stop();
});

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const eventsOf = (page: Page, heading: string | RegExp) =>
  page.getByRole('region', { name: heading }).getByRole('listitem');
/** Today's event list (the quick transcript panel beside it names the same meetings). */
const todayList = (page: Page) => page.getByRole('region', { name: /^Today · / });
/** The reconnect notice's text (part 1 §4). */
const EXPIRED = CALENDAR_TEXT.expired;

/** The reconnect dialog, shown once per browser session and expiry, answered 'Not now'. */
async function dismissReconnectDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Your Google Calendar authentication has expired. Would you like to reconnect now?',
  );
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
}

test('CalDAV connected in settings: the Calendar tab shows today, upcoming and past events in the user zone', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await expect(page.getByText('No calendar connected')).toBeVisible();
  await page.getByRole('link', { name: 'Connect a calendar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar-settings$/);

  const form = page.getByRole('form', { name: 'Connect a CalDAV calendar' });
  await form.getByLabel('Server URL').fill(`${radicale.url}/`);
  await form.getByLabel('Username').fill(USER);
  await form.getByLabel('App password').fill('wrong-password');
  await form.getByRole('button', { name: 'Connect CalDAV' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('App password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Connect CalDAV' }).click();
  const caldav = page.getByRole('region', { name: /CalDAV/ });
  await expect(caldav.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Work/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Home/ })).toBeChecked();

  await page.getByRole('link', { name: '← Back to Calendar' }).click();
  const todayHeading = `Today · ${longDate(today)}`;
  const todays = eventsOf(page, todayHeading);
  // All-day first, then by start time, 12-hour labels in the user's zone; the declined one is left out.
  await expect(todays).toHaveCount(3);
  await expect(todays.nth(0)).toContainText('All day');
  await expect(todays.nth(0)).toContainText('Family day');
  await expect(todays.nth(0)).toContainText('Home');
  await expect(todays.nth(1)).toContainText('9:00 AM - 9:30 AM');
  await expect(todays.nth(1)).toContainText('Team standup');
  await expect(todays.nth(1)).toContainText('Room 4');
  await expect(todays.nth(1)).toContainText('Work');
  await expect(todays.nth(2)).toContainText('2:00 PM - 3:30 PM');
  await expect(page.getByText('Vendor pitch')).toHaveCount(0);
  // The calendar's colours.
  await expect(todays.nth(1).getByText('Work', { exact: true })).toHaveCSS('background-color', 'rgb(11, 128, 67)');

  await page.getByRole('button', { name: 'Upcoming' }).click();
  await expect(eventsOf(page, longDate(addDays(today, 2)))).toContainText(['Dinner with Sam']);

  await page.getByRole('button', { name: 'Past Events' }).click();
  await page.getByLabel('Range').selectOption({ label: 'Yesterday' });
  const yesterday = eventsOf(page, `Yesterday · ${longDate(addDays(today, -1))}`);
  await expect(yesterday).toHaveCount(1);
  await expect(yesterday.first()).toContainText('3:00 PM - 4:00 PM');
  await expect(yesterday.first()).toContainText('Sprint retro');

  // The footer links.
  const footer = page.getByRole('navigation', { name: 'Calendar links' });
  await footer.getByRole('link', { name: 'Calendar Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar-settings$/);
  await page.goBack();
  await footer.getByRole('link', { name: 'Coach Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/coach-settings$/);
});

test("the overview's calendar card lists today's events from the connected calendars", async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard');
  const card = page.getByRole('region', { name: "Today's Calendar" });
  const items = card.getByRole('list', { name: 'Events' }).getByRole('listitem');
  // As on the Calendar tab: all-day first, then by start, 12-hour in the user's zone, no declined invitation.
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('All day');
  await expect(items.nth(0)).toContainText('Family day');
  await expect(items.nth(1)).toContainText('9:00 AM - 9:30 AM');
  await expect(items.nth(1)).toContainText('Team standup');
  await expect(items.nth(1)).toContainText('Room 4');
  await expect(items.nth(2)).toContainText('2:00 PM - 3:30 PM');
  await expect(card.getByText('Vendor pitch')).toHaveCount(0);
  await expect(card.getByText('Sprint retro')).toHaveCount(0);
  await card.getByRole('link', { name: 'Open the calendar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar$/);
});

test('at 390 px the Calendar tab and its settings fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(todayList(page).getByText('Team standup')).toBeVisible();
  // The e2e tsconfig has no DOM types, so the browser global is described here.
  type BrowserGlobal = { document: { documentElement: { scrollWidth: number } } };
  const overflow = () =>
    page.evaluate(() => (globalThis as unknown as BrowserGlobal).document.documentElement.scrollWidth);
  expect(await overflow()).toBeLessThanOrEqual(390);
  await page
    .getByRole('navigation', { name: 'Calendar links' })
    .getByRole('link', { name: 'Calendar Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Time zone' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(390);
});

test('a feed with an event nobody can read still shows its others, and settings says, calmly, what was left out', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  const day = today.replace(/-/g, '');
  // An Exchange 2010 feed: one start with its quote misplaced (repaired), one that is no date at
  // all (left out), one in a zone nobody knows (read in the user's zone), and a good one.
  const feed = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:Microsoft Exchange Server 2010',
    'BEGIN:VEVENT',
    'UID:repaired@example.com',
    'SUMMARY:Quarterly planning',
    `DTSTART;TZID="New Zealand Standard Time:${day}T090000"`,
    `DTEND;TZID=New Zealand Standard Time:${day}T100000`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:unreadable@example.com',
    'SUMMARY:Board meeting',
    `DTSTART:${day.slice(0, 7)}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:mars@example.com',
    'SUMMARY:Rover check',
    `DTSTART;TZID=Mars Standard Time:${day}T140000`,
    `DTEND;TZID=Mars Standard Time:${day}T143000`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(feed),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exchange.ics`;
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAt(page, app.baseUrl, '/dashboard/calendar-settings');
    const form = page.getByRole('form', { name: 'Add an .ics subscription' });
    await form.getByLabel('Name').fill('Exchange');
    await form.getByLabel('Calendar URL').fill(feedUrl);
    await form.getByRole('button', { name: 'Add subscription' }).click();
    await expect(page.getByRole('button', { name: 'Remove Exchange' })).toBeVisible();

    const note = page.getByRole('note', { name: 'What could not be read from Exchange' });
    await expect(note).toContainText(`1 event could not be read: “Board meeting”: its start could not be read`);
    await expect(note).toContainText('“Mars Standard Time”, which Daymark does not recognise');
    // A note, not an error: nothing is announced as an alert.
    await expect(page.getByRole('alert')).toHaveCount(0);
    type BrowserGlobal = { document: { documentElement: { scrollWidth: number } } };
    expect(
      await page.evaluate(() => (globalThis as unknown as BrowserGlobal).document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);

    await page.goto(`${app.baseUrl}/dashboard/calendar`);
    await page.getByRole('button', { name: 'Today' }).click();
    const list = todayList(page);
    await expect(list.getByRole('listitem').filter({ hasText: 'Quarterly planning' })).toContainText(
      '9:00 AM - 10:00 AM',
    );
    await expect(list.getByRole('listitem').filter({ hasText: 'Rover check' })).toContainText('2:00 PM - 2:30 PM');
    await expect(page.getByText('Board meeting')).toHaveCount(0);

    await page.goto(`${app.baseUrl}/dashboard/calendar-settings`);
    await page.getByRole('button', { name: 'Remove Exchange' }).click();
    await expect(page.getByRole('button', { name: 'Remove Exchange' })).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test('a workout plan is synced to the calendar from the workout history', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout/history');
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  // The offline planner writes today's plan; the stream ends when it is saved.
  const stream = await page.request.get(`${app.baseUrl}/api/workout/stream`, {
    headers,
    params: { date: todayIn(ZONE) },
  });
  expect(await stream.text()).toContain('completed');
  await page.reload();
  // The visible words are the start of the button's name (the plan's title follows).
  const sync = page.getByRole('button', { name: /^Sync to Calendar: / });
  await expect(sync).toHaveCount(1);
  await expect(sync).toHaveText('Sync to Calendar');
  await sync.click();
  // The calendar is a CalDAV one: the toast names it, and no Google Calendar.
  const settings = await page.request.get(`${app.baseUrl}/api/calendar/sync-settings`, { headers });
  const target = (await settings.json()).targets.workouts.summary as string;
  expect(['Work', 'Home']).toContain(target);
  await expect(page.getByText(`Workout added to your calendar “${target}”.`)).toBeVisible();
  await expect(page.getByText(/Google Calendar/)).toHaveCount(0);
});

test('the time zone is changed in calendar settings and the events follow it', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/calendar-settings');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(/^Auckland \(Pacific\)/);
  await zone.fill('tokyo');
  await zone.press('Enter');
  await page.getByRole('button', { name: 'Save Time Zone' }).click();
  await expect(page.getByText('Time zone saved')).toBeVisible();
  await page.goto(`${app.baseUrl}/dashboard/calendar`);
  await page.getByRole('button', { name: 'Upcoming' }).click();
  // Dinner at 19:00 in Auckland, shown at Tokyo's hour (on Tokyo's date) in 12-hour form.
  const dinner = new Date(Date.parse(startOfDayIn(addDays(todayIn(ZONE), 2), ZONE)) + 19 * 3_600_000);
  const tokyo = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'Asia/Tokyo' }).format(dinner);
  await expect(page.getByRole('listitem').filter({ hasText: 'Dinner with Sam' })).toContainText(
    `${tokyo({ hour: 'numeric', minute: '2-digit', hour12: true })} - `,
  );
  // Back to the browser's zone for the tests that follow.
  await page.goto(`${app.baseUrl}/dashboard/calendar-settings`);
  await page.getByRole('combobox', { name: 'Time zone' }).fill('auckland');
  await page.getByRole('combobox', { name: 'Time zone' }).press('Enter');
  await page.getByRole('button', { name: 'Save Time Zone' }).click();
  await expect(page.getByText('Time zone saved')).toBeVisible();
});

test('an .ics subscription is added in settings, its events are shown, and it is removed', async ({ page }) => {
  const today = todayIn(ZONE);
  const feed = vevent('feed-1', [
    `DTSTART:${at(today, 7)}`,
    `DTEND:${at(today, 8)}`,
    'SUMMARY:Feed breakfast',
    'LOCATION:Cafe',
  ]);
  const server = http.createServer((req, res) => {
    if (req.url !== '/team.ics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(feed);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await signInAt(page, app.baseUrl, '/dashboard/calendar-settings');
    const form = page.getByRole('form', { name: 'Add an .ics subscription' });
    await form.getByLabel('Name').fill('Team feed');
    await form.getByLabel('Calendar URL').fill(`${feedUrl}/missing.ics`);
    await form.getByRole('button', { name: 'Add subscription' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await form.getByLabel('Calendar URL').fill(`${feedUrl}/team.ics`);
    await form.getByRole('button', { name: 'Add subscription' }).click();
    await expect(page.getByRole('button', { name: 'Remove Team feed' })).toBeVisible();

    await page.goto(`${app.baseUrl}/dashboard/calendar`);
    await page.getByRole('button', { name: 'Today' }).click();
    const item = todayList(page).getByRole('listitem').filter({ hasText: 'Feed breakfast' });
    await expect(item).toContainText('7:00 AM - 8:00 AM');
    await expect(item).toContainText('Cafe');
    await expect(item).toContainText('Team feed');

    await page.goto(`${app.baseUrl}/dashboard/calendar-settings`);
    await page.getByRole('button', { name: 'Remove Team feed' }).click();
    await expect(page.getByRole('button', { name: 'Remove Team feed' })).toHaveCount(0);
    await page.goto(`${app.baseUrl}/dashboard/calendar`);
    await expect(todayList(page).getByText('Team standup')).toBeVisible();
    await expect(page.getByText('Feed breakfast')).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test('Google: a denied consent and a bad code explain themselves; an allowed one connects and shows its events', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  google.addEvent('alice@example.com', {
    summary: 'Google planning',
    location: 'Meet',
    start: { dateTime: new Date(Date.parse(startOfDayIn(today, ZONE)) + 10.5 * 3_600_000).toISOString() },
    end: { dateTime: new Date(Date.parse(startOfDayIn(today, ZONE)) + 11 * 3_600_000).toISOString() },
  });

  // A code that is not Google's.
  await signInAt(page, app.baseUrl, '/dashboard/calendar-settings');
  await page.goto(`${app.baseUrl}/dashboard/google-callback?code=forged&state=forged`);
  await expect(page.getByRole('heading', { name: 'Authorization could not be verified' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Common causes' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar-settings$/);

  // Cancel on the consent screen.
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await expect(page).toHaveTitle('Sign in - Google Accounts');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/google-callback\?error=access_denied/);
  await expect(page.getByRole('heading', { name: 'Access was denied' })).toBeVisible();

  // Try Again: a fresh authorization, allowed this time.
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Google Calendar connected' })).toBeVisible();
  // Two seconds later: calendar settings, connected.
  await expect(page).toHaveURL(/\/dashboard\/calendar-settings$/);
  const googleSection = page.getByRole('region', { name: /Google Calendar/ });
  await expect(googleSection.getByText('Connected', { exact: true })).toBeVisible();
  await expect(googleSection.getByText('alice@example.com')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Team/ })).toBeVisible();

  await page.getByRole('link', { name: '← Back to Calendar' }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  const item = todayList(page).getByRole('listitem').filter({ hasText: 'Google planning' });
  await expect(item).toContainText('10:30 AM - 11:00 AM');
  await expect(item).toContainText('Meet');
  await expect(todayList(page).getByText('Team standup')).toBeVisible();
});

test('Google expired beside CalDAV: the Calendar tab and the overview keep the CalDAV events under the reconnect notice, and ask to reconnect once', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await expect(todayList(page).getByText('Google planning')).toBeVisible();
  // The user removed Daymark's access in their Google account.
  google.revokeGrants();
  await page.getByRole('button', { name: 'Refresh events' }).click();
  // Half a second after the notice shows, the dialog asks to reconnect (the page behind it is inert).
  await dismissReconnectDialog(page);
  const notice = page.getByRole('alert').filter({ hasText: EXPIRED });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Re-authenticate' })).toBeVisible();
  // The CalDAV events are still listed; the expired Google calendar's are not.
  await expect(todayList(page).getByText('Team standup')).toBeVisible();
  await expect(todayList(page).getByText('Family day')).toBeVisible();
  await expect(page.getByText('Google planning')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upcoming' }).click();
  await expect(eventsOf(page, longDate(addDays(today, 2)))).toContainText(['Dinner with Sam']);
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  // Still signed in: the expiry is the calendar's, not the session's.
  expect(await storedToken(page)).not.toBeNull();

  // The overview's card: the notice above the CalDAV events; the dialog is not asked again this session.
  await page.goto(`${app.baseUrl}/dashboard`);
  const card = page.getByRole('region', { name: "Today's Calendar" });
  await expect(card.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await expect(card.getByText('Team standup')).toBeVisible();
  await expect(card.getByText('Google planning')).toHaveCount(0);
  await expect(card.getByText('Connect your calendar')).toHaveCount(0);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Google expired beside CalDAV: settings, the weekly panel and the transcript picker say expired and keep the CalDAV calendars', async ({
  page,
}) => {
  // Settings: Google expired with Reconnect, CalDAV connected, Google's calendars marked in the selection.
  await signInAt(page, app.baseUrl, '/dashboard/calendar-settings');
  const googleSection = page.getByRole('region', { name: /Google Calendar/ });
  await expect(googleSection.getByText('Expired', { exact: true })).toBeVisible();
  await expect(googleSection.getByRole('button', { name: 'Reconnect Google Calendar' })).toBeVisible();
  await expect(page.getByRole('region', { name: /CalDAV/ }).getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Team.*Expired/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Work/ })).toBeVisible();

  // The weekly planning panel (a new browser session: asked once here).
  await page.goto(`${app.baseUrl}/notes/weekly/${mondayOf(todayIn(ZONE))}`);
  await dismissReconnectDialog(page);
  const panel = page.locator('#calendar-panel');
  await expect(panel.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await expect(panel.getByText('Google planning')).toHaveCount(0);

  // The transcript event picker.
  await page.getByRole('button', { name: 'Add transcript' }).click();
  await page.getByRole('menuitem', { name: 'Calendar Event' }).click();
  const picker = page.getByRole('dialog', { name: 'Transcript for a Calendar Event' });
  await expect(picker.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await expect(picker.getByRole('button', { name: /Team standup/ })).toBeVisible();
  await expect(picker.getByText('Calendar not connected')).toHaveCount(0);
});

test('Google expired beside CalDAV: Re-authenticate goes to Google’s consent and reconnects', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/calendar');
  await dismissReconnectDialog(page);
  await page.getByRole('button', { name: 'Re-authenticate' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Google Calendar connected' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/calendar-settings$/);
  await expect(
    page.getByRole('region', { name: /Google Calendar/ }).getByText('Connected', { exact: true }),
  ).toBeVisible();
  await page.goto(`${app.baseUrl}/dashboard/calendar`);
  await expect(todayList(page).getByText('Google planning')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toHaveCount(0);
});

test('Google expired alone: the Calendar tab shows the reconnect notice and its dialog leads to settings', async ({
  page,
}) => {
  // CalDAV disconnected: Google is the only connection, then it expires.
  await signInAt(page, app.baseUrl, '/dashboard/calendar-settings');
  await page
    .getByRole('region', { name: /CalDAV/ })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByRole('form', { name: 'Connect a CalDAV calendar' })).toBeVisible();
  google.revokeGrants();
  await page.goto(`${app.baseUrl}/dashboard/calendar`);
  await page.getByRole('button', { name: 'Refresh events' }).click();
  // Asked once in this browser session; Reconnect leads to settings.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Your Google Calendar authentication has expired. Would you like to reconnect now?',
  );
  await expect(page.getByText(EXPIRED, { exact: true })).toBeAttached();
  await expect(page.getByText('No calendar connected')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar-settings$/);
  await expect(
    page.getByRole('region', { name: /Google Calendar/ }).getByText('Expired', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Reconnect Google Calendar above to choose which calendars are shown.')).toBeVisible();

  // The overview's card says expired, not "connect your calendar".
  await page.goto(`${app.baseUrl}/dashboard`);
  const card = page.getByRole('region', { name: "Today's Calendar" });
  await expect(card.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await expect(card.getByText('Connect your calendar')).toHaveCount(0);
});
