import { expect, type Locator, type Page, test } from '@playwright/test';
import { TRAINING_TEXTS } from '#common/api/training.js';
import { addDays, daysBetween, minutesInZone, mondayOf, todayIn } from '#common/time.js';
import { icsInstant, vevent } from '../server/src/test/ics.js';
import { type Radicale, startRadicale } from '../server/src/test/radicale.js';
import { storedToken } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

/**
 * The training week in Chromium against the real app and a real Radicale (CalDAV), on an app of
 * its own: the rule set on Workout settings with the keyboard alone, the week's sessions placed
 * around the calendar's meetings, a meeting added over a session moving it (with its notice on the
 * Workout screen) after a calendar refresh, a skip that asks and takes the event out of the
 * calendar, and the screens at 390 px in the dark theme.
 *
 * Sessions are placed only after the present moment, so the spec lives in the zone whose week has
 * the most of itself left now (Kiritimati is a day ahead of Honolulu at the same instant).
 */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Tongatapu',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/Berlin',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
];
/** Minutes since the zone's Monday 00:00, now. */
const intoWeek = (zone: string) => {
  const today = todayIn(zone);
  return daysBetween(mondayOf(today), today) * 1440 + minutesInZone(Date.now(), zone);
};
const ZONE = ZONES.reduce((best, z) => (intoWeek(z) < intoWeek(best) ? z : best));
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: 'serial' });

const USER = 'tess';
const PASSWORD = 'tess-app-password';
const LUNCH = { start: 12 * 60, end: 13 * 60 };
const BUFFER = 10;

let app: LlmApp;
let radicale: Radicale;
let work: string;

/** YYYYMMDDTHHMMSSZ of a local time (minutes after midnight) on a date in the user's zone. */
const at = (date: string, minutes: number) => icsInstant(date, minutes, ZONE);

const clock = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The iCalendar text of every event in the user's calendars. */
async function calendarObjects(): Promise<string[]> {
  const auth = { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` };
  const hrefs = async (url: string) => {
    const res = await fetch(url, { method: 'PROPFIND', headers: { ...auth, depth: '1' } });
    const xml = await res.text();
    return [...xml.matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/g)].map((m) => m[1] ?? '');
  };
  const out: string[] = [];
  for (const cal of (await hrefs(`${radicale.url}/${USER}/`)).filter((h) => h !== `/${USER}/` && h.endsWith('/')))
    for (const item of (await hrefs(`${radicale.url}${cal}`)).filter((h) => h.endsWith('.ics'))) {
      const res = await fetch(`${radicale.url}${item}`, { headers: auth });
      out.push(await res.text());
    }
  return out;
}
/** The start (UTC, iCalendar) of each session event Daymark holds in the calendar. */
const sessionEvents = async () =>
  (await calendarObjects())
    .filter((ics) => /^SUMMARY:Workout/m.test(ics))
    .map((ics) => /^DTSTART[^:]*:(\S+)/m.exec(ics)?.[1] ?? '')
    .sort();

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${await storedToken(page)}`, origin: app.baseUrl };
  const res = await page.request.fetch(`${app.baseUrl}/api${path}`, { method, headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Types a time (HH:MM) into the focused time input as a person does: the digits, then A or P for
 * a 12-hour clock (Chromium shows one for en-US; a 24-hour clock ignores the letter).
 */
async function typeTime(page: Page, time: string) {
  await page.keyboard.type(time.replace(':', ''));
  await page.keyboard.type(Number(time.slice(0, 2)) < 12 ? 'A' : 'P');
}

/** The week card and its rows, read as a person reads them. */
const weekCard = (page: Page) => page.getByRole('region', { name: "This week's training" });
const rows = (page: Page) => weekCard(page).getByRole('list', { name: 'Sessions', exact: true }).getByRole('listitem');
async function readRows(page: Page) {
  const texts = await rows(page).allInnerTexts();
  return texts.map((text) => {
    const time = /(\d\d:\d\d)–(\d\d:\d\d)/.exec(text);
    return {
      text,
      index: Number(/Session (\d)/.exec(text)?.[1]),
      start: time?.[1] ?? '',
      end: time?.[2] ?? '',
      status: /Planned|Done|Skipped|Released/.exec(text)?.[0] ?? '',
    };
  });
}

test.beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  work = await radicale.makeCalendar(USER, 'work', { displayName: 'Work', color: '#0b8043' });
  // A lunch meeting on every day left in the week: sessions go around it.
  const today = todayIn(ZONE);
  for (let d = today; d <= addDays(mondayOf(today), 6); d = addDays(d, 1))
    await radicale.put(
      work,
      `lunch-${d}.ics`,
      vevent(`lunch-${d}`, [`DTSTART:${at(d, LUNCH.start)}`, `DTEND:${at(d, LUNCH.end)}`, 'SUMMARY:Lunch meeting']),
      USER,
    );
  app = await startApp(undefined, { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
});
test.afterAll(async () => {
  await app?.close();
  await radicale?.stop();
});

test('the training rule is set on Workout settings with the keyboard alone', async ({ page }) => {
  // Many key presses, each a round trip.
  test.setTimeout(60_000);
  await signInAt(page, app.baseUrl, '/workout/settings');
  await api(page, 'PUT', '/settings', { timezone: ZONE });
  await api(page, 'POST', '/calendar/caldav', { url: `${radicale.url}/`, username: USER, password: PASSWORD });
  await page.reload();

  const form = page.getByRole('form', { name: 'Training week' });
  const onOff = form.getByRole('switch', { name: 'Plan my training sessions into my week' });
  await expect(onOff).not.toBeChecked();
  await tabTo(page, onOff);
  await page.keyboard.press('Space');
  await expect(onOff).toBeChecked();

  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Sessions per week')).toBeFocused();
  await page.keyboard.type('2');
  await expect(form.getByLabel('Sessions per week')).toHaveValue('2');

  // A minimum above the preferred length is refused with the server's words, next to the field.
  await tabTo(page, form.getByLabel('Minimum length (minutes)'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('60');
  await tabTo(page, form.getByRole('button', { name: 'Save training week' }));
  await page.keyboard.press('Enter');
  const minimum = form.getByLabel('Minimum length (minutes)');
  await expect(minimum).toBeFocused();
  await expect(minimum).toHaveAccessibleDescription(new RegExp(TRAINING_TEXTS.minAbovePreferred.replace('.', '\\.')));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Preferred length (minutes)')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('45');

  // The windows: lunch 11:30–14:00 and evening 17:00–19:00.
  for (const [label, time] of [
    ['Window 1 from', '11:30'],
    ['Window 1 to', '14:00'],
    ['Window 2 from', '17:00'],
    ['Window 2 to', '19:00'],
  ] as const) {
    await tabTo(page, form.getByLabel(label));
    await typeTime(page, time);
  }
  await expect(form.getByLabel('Window 1 from')).toHaveValue('11:30');
  await expect(form.getByLabel('Window 2 to')).toHaveValue('19:00');
  await expect(form.getByLabel('Free time around meetings (minutes)')).toHaveValue(String(BUFFER));
  await expect(form.getByRole('checkbox', { name: 'Hold the sessions in my calendar' })).toBeChecked();

  await tabTo(page, form.getByRole('button', { name: 'Save training week' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(TRAINING_TEXTS.saved);

  const { rule } = await api(page, 'GET', '/training/rule');
  expect(rule).toMatchObject({
    enabled: true,
    sessions_per_week: 2,
    min_minutes: 30,
    preferred_minutes: 45,
    days: [1, 2, 3, 4, 5, 6, 7],
    windows: [
      { start: '11:30', end: '14:00' },
      { start: '17:00', end: '19:00' },
    ],
    buffer_minutes: BUFFER,
    write_to_calendar: true,
  });
});

test("the week's sessions are placed around the calendar's meetings and held in it", async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout');
  const today = todayIn(ZONE);
  const daysLeft = daysBetween(today, addDays(mondayOf(today), 6));
  await expect(rows(page).first()).toBeVisible();
  const placed = await readRows(page);
  const unplaced = await weekCard(page)
    .getByRole('list', { name: 'Sessions without a place' })
    .getByRole('listitem')
    .count();
  expect(placed.length + unplaced).toBe(2);
  if (daysLeft >= 2) expect(placed).toHaveLength(2);
  for (const s of placed) {
    expect(s.status).toBe('Planned');
    // Never over the lunch meeting nor the free time kept around it.
    const [a, b] = [clock(s.start), clock(s.end)];
    expect(b <= LUNCH.start - BUFFER || a >= LUNCH.end + BUFFER, s.text).toBe(true);
    expect(b - a, s.text).toBeGreaterThanOrEqual(30);
    expect(b - a, s.text).toBeLessThanOrEqual(45);
  }
  // The preferred 45 minutes on every day to come; today's session, placed after the present
  // moment, may be cut short by its window's end, never below the 30-minute minimum.
  const week = await api(page, 'GET', `/training/week?date=${today}`);
  for (const s of week.sessions as Array<{ date: string; minutes: number; status: string }>)
    if (s.status === 'planned' && s.date > today) expect(s.minutes, s.date).toBe(45);
  // Each one is a timed event in the calendar, and the week says so.
  await expect.poll(sessionEvents, { timeout: 20_000 }).toHaveLength(placed.length);
  await page.reload();
  await expect(rows(page).filter({ hasText: 'In your calendar' })).toHaveCount(placed.length);
});

test('a meeting booked over a session moves it after a calendar refresh, and the Workout screen says why', async ({
  page,
}) => {
  await signInAt(page, app.baseUrl, '/workout');
  await expect(rows(page).first()).toBeVisible();
  const before = await readRows(page);
  const { sessions } = await api(page, 'GET', `/training/week?date=${todayIn(ZONE)}`);
  // The week's last session: the one furthest from now.
  const target = sessions.filter((s: { status: string }) => s.status === 'planned').at(-1);
  await radicale.put(
    work,
    'budget.ics',
    vevent('budget', [
      `DTSTART:${at(target.date, clock(target.start_time))}`,
      `DTEND:${at(target.date, clock(target.end_time))}`,
      'SUMMARY:Budget review',
    ]),
    USER,
  );

  await page.goto(`${app.baseUrl}/dashboard/calendar`);
  await page.getByRole('button', { name: 'Refresh events' }).click();
  await expect(page.getByRole('button', { name: 'Refresh events' })).not.toHaveAttribute('aria-busy', 'true');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Workout' }).click();

  const moved = rows(page).filter({ hasText: `Session ${target.index}` });
  await expect(moved.getByRole('paragraph').filter({ hasText: 'Budget review' })).toBeVisible();
  const after = await readRows(page);
  const now = after.find((s) => s.index === target.index);
  expect(now?.status).toBe('Planned');
  const [a, b] = [clock(now?.start ?? ''), clock(now?.end ?? '')];
  const [m, n] = [clock(target.start_time), clock(target.end_time)];
  expect(b <= m - BUFFER || a >= n + BUFFER, now?.text).toBe(true);
  // Only that one moved.
  for (const s of before.filter((x) => x.index !== target.index))
    expect(after.find((x) => x.index === s.index)?.start).toBe(s.start);
  await expect.poll(sessionEvents, { timeout: 20_000 }).toContain(at(target.date, a));
});

test('Skip asks first, then the session is skipped and its event leaves the calendar', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout');
  await expect(rows(page).first()).toBeVisible();
  const held = (await sessionEvents()).length;
  const [first] = (await readRows(page)).filter((s) => s.status === 'Planned');
  if (!first) throw new Error('no planned session to skip');

  const skip = weekCard(page).getByRole('button', { name: `Skip session ${first.index}` });
  await tabTo(page, skip);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Skip session ${first.index}?` });
  await expect(dialog).toContainText(`${first.start}–${first.end}`);
  await expect(dialog).toContainText('its event is removed from your calendar');
  // Focus starts on the safe choice; Escape keeps the session.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(skip).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Skip session' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const row = rows(page).filter({ hasText: `Session ${first.index}` });
  await expect(row).toContainText('Skipped');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect.poll(async () => (await sessionEvents()).length, { timeout: 20_000 }).toBe(held - 1);
});

test('Move opens a dialog the keyboard works, and the session goes where the user puts it', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout');
  await expect(rows(page).first()).toBeVisible();
  const today = todayIn(ZONE);
  const week = await api(page, 'GET', `/training/week?date=${today}`);
  type S = { id: number; index: number; date: string; status: string };
  const planned = (week.sessions as S[]).filter((s) => s.status === 'planned');
  // A session still to come when there is one (the zone is chosen so that the week has days left).
  const session = planned.find((s) => s.date > today) ?? planned[0];
  const taken = new Set(planned.map((s) => s.date));
  // A free day after today; late in the week, when every day left has its session, the session
  // moves within its own day.
  const free =
    Array.from({ length: 7 }, (_, i) => addDays(week.week_start, i)).find((d) => d > today && !taken.has(d)) ??
    (session && session.date > today ? session.date : undefined);
  // In the last hours of the week the planner may place one session only, which the test
  // before has skipped: nothing is left to move.
  test.skip(!session, `no planned session left in the week of ${today}`);
  if (!session) return;
  if (!free) throw new Error(`no day to move session ${session.index} to in the week of ${today}`);

  const move = weekCard(page).getByRole('button', { name: `Move session ${session.index}` });
  await tabTo(page, move);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Move session ${session.index}` });
  const day = dialog.getByLabel('Day');
  await expect(day).toBeFocused();
  const key = free < (await day.inputValue()) ? 'ArrowUp' : 'ArrowDown';
  for (let i = 0; i < 7 && (await day.inputValue()) !== free; i++) await page.keyboard.press(key);
  await expect(day).toHaveValue(free);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Start time')).toBeFocused();
  await typeTime(page, '17:00');
  await tabTo(page, dialog.getByLabel('Length (minutes)'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('40');
  // Focus stays inside the dialog: Tab from its last button comes back round to its first control.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Move session' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(move).toBeFocused();

  const row = rows(page).filter({ hasText: `Session ${session.index}` });
  await expect(row).toContainText('17:00–17:40');
  await expect(row).toContainText('Placed by you');
  await expect(row.getByRole('paragraph').filter({ hasText: 'Moved by you' })).toBeVisible();
  await expect.poll(sessionEvents, { timeout: 20_000 }).toContain(at(free, 17 * 60));
});

test('at 390 px in the dark theme the training screens fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The e2e tsconfig has no DOM types, so the browser global is described here.
  type BrowserGlobal = { document: { documentElement: { scrollWidth: number } } };
  const width = () =>
    page.evaluate(() => (globalThis as unknown as BrowserGlobal).document.documentElement.scrollWidth);
  await signInAt(page, app.baseUrl, '/workout');
  await expect(rows(page).first()).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
  // The Move dialog, when a session is left to move (at the very end of a week none may be).
  const move = weekCard(page).getByRole('button', { name: /^Move session/ });
  if ((await move.count()) > 0) {
    await move.first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
  }
  await page.goto(`${app.baseUrl}/workout/settings`);
  await expect(page.getByRole('form', { name: 'Training week' })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
  await page.goto(`${app.baseUrl}/dashboard`);
  await expect(page.getByRole('heading', { name: "Today's Workout" })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
});

test('an unsaved change to the training week asks before the screen is left', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout/settings');
  const form = page.getByRole('form', { name: 'Training week' });
  const sunday = form.getByRole('checkbox', { name: 'Sunday' });
  await sunday.press('Space');
  await expect(sunday).not.toBeChecked();
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your unsaved changes to your training week will be lost.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/workout\/settings$/);
  // Put back as it was: nothing left to save, so the screen is left without a question.
  await sunday.press('Space');
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await expect(weekCard(page)).toBeVisible();
});
