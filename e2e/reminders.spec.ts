import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import {
  CHANNEL_LABELS,
  DELIVERY_STATUS_LABELS,
  REMINDER_KIND_LABELS,
  REMINDER_KIND_NAMES,
  REMINDER_KINDS,
  REMINDER_TEXTS,
} from '#common/api/reminders.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

/**
 * The Reminders tab against a local stand-in for an ntfy server, on an app of its own: a channel
 * added, tested (the ntfy server gets the message) and listed in the delivery log; an edit that
 * keeps the saved token; a delete that asks first; the When form and its leave question; the
 * overview's notice about a stopped channel; the page at 390 px in the dark theme; this device's
 * notifications turned on and off, and the service worker showing a pushed reminder.
 */

// One account and one ntfy server for the whole file: each test builds on the one before.
test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Europe/Berlin' });

interface Published {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

const TOPIC = 'daymark-e2e-reminders';
const TOKEN = 'tk_e2e_secret_token';

let app: LlmApp;
let ntfy: http.Server;
let ntfyUrl: string;
const published: Published[] = [];

test.beforeAll(async () => {
  // ntfy is published to by a POST of JSON { topic, title, message, click, tags } to the server's address.
  ntfy = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        // A push message is encrypted: not JSON.
        body = { raw };
      }
      published.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      // The same server stands in for a browser's push service under /push (which answers 201).
      if (req.url?.startsWith('/push/')) res.writeHead(201).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
    });
  });
  await new Promise<void>((r) => ntfy.listen(0, '127.0.0.1', r));
  ntfyUrl = `http://127.0.0.1:${(ntfy.address() as AddressInfo).port}`;
  // The ntfy stand-in runs on this machine, an address the app refuses unless told otherwise.
  app = await startApp(undefined, { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
});

test.afterAll(async () => {
  await app?.close();
  ntfy?.closeAllConnections();
  await new Promise((r) => ntfy?.close(r));
});

const channelsRegion = (page: Page) => page.getByRole('region', { name: 'Channels', exact: true });
const channelItem = (page: Page, label: string) =>
  channelsRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });
const logRows = (page: Page) =>
  page.getByRole('region', { name: 'Delivery log', exact: true }).getByRole('table').locator('tbody tr');

test('an ntfy channel is added, a test reaches the ntfy server, and the delivery log lists it', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/reminders');
  const tabs = page.getByRole('navigation', { name: 'Dashboard sections' });
  await expect(tabs.getByRole('link', { name: 'Reminders' })).toHaveAttribute('aria-current', 'page');
  await expect(channelsRegion(page).getByText('No channels yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a channel' });
  // This server has no SMTP server set up: e-mail cannot be chosen, and the form says why.
  const kind = form.getByLabel('Send through');
  await expect(kind.locator('option[value="email"]')).toBeDisabled();
  await expect(form.getByText(REMINDER_TEXTS.emailUnavailable)).toBeVisible();
  await kind.selectOption('ntfy');

  // Checked before sending: the first field to fix gets focus.
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByLabel('Server URL')).toBeFocused();
  await form.getByLabel('Server URL').fill('ntfy.example.org');
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByText(REMINDER_TEXTS.urlScheme)).toBeVisible();
  await expect(form.getByLabel('Server URL')).toBeFocused();
  expect(published).toHaveLength(0);

  await form.getByLabel('Server URL').fill(ntfyUrl);
  await form.getByLabel('Topic').fill(TOPIC);
  const token = form.getByLabel('Access token (optional)');
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill(TOKEN);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Phone');
  await expect(form.getByRole('radio', { name: 'Titles only' })).toBeChecked();
  for (const k of REMINDER_KINDS)
    await expect(form.getByRole('checkbox', { name: REMINDER_KIND_LABELS[k] })).toBeChecked();
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByText(REMINDER_TEXTS.channelSaved)).toBeVisible();

  const item = channelItem(page, 'Phone');
  await expect(item).toContainText('ntfy');
  await expect(item).toContainText(TOPIC);
  await expect(item).toContainText('Titles only');
  for (const k of REMINDER_KINDS) await expect(item).toContainText(REMINDER_KIND_LABELS[k]);
  await expect(item.getByRole('switch', { name: 'Send reminders through Phone' })).toBeChecked();
  // The form is empty again, ready for another channel.
  await expect(form.getByLabel('Topic')).toHaveValue('');

  await item.getByRole('button', { name: 'Send a test to Phone' }).click();
  await expect(item.getByRole('status')).toContainText(REMINDER_TEXTS.testSent);
  await expect.poll(() => published.length).toBe(1);
  expect(published[0]?.method).toBe('POST');
  expect(published[0]?.body.topic).toBe(TOPIC);
  expect(String(published[0]?.headers.authorization)).toContain(TOKEN);

  const rows = logRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Phone');
  await expect(rows.first()).toContainText(REMINDER_KIND_NAMES.test);
  await expect(rows.first()).toContainText(DELIVERY_STATUS_LABELS.sent);
});

test('editing a channel keeps its saved token when the field is left empty', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/reminders');
  await channelItem(page, 'Phone').getByRole('button', { name: 'Edit Phone' }).click();
  const form = page.getByRole('form', { name: 'Edit Phone' });
  await expect(form.getByLabel('Server URL')).toHaveValue(ntfyUrl);
  await expect(form.getByLabel('Topic')).toHaveValue(TOPIC);
  // The token is never shown back: the field is empty and says the saved one stays.
  const token = form.getByLabel('Access token (optional)');
  await expect(token).toHaveValue('');
  await expect(form.getByText(REMINDER_TEXTS.secretKept)).toBeVisible();

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('My phone');
  await form.getByRole('radio', { name: 'With details' }).check();
  await form.getByRole('checkbox', { name: REMINDER_KIND_LABELS.calendar }).uncheck();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(REMINDER_TEXTS.channelSaved)).toBeVisible();

  const item = channelItem(page, 'My phone');
  await expect(item).toContainText('With details');
  await expect(item).not.toContainText(REMINDER_KIND_LABELS.calendar);
  // Focus is back on the button that opened the form.
  await expect(item.getByRole('button', { name: 'Edit My phone' })).toBeFocused();

  await item.getByRole('button', { name: 'Send a test to My phone' }).click();
  await expect(item.getByRole('status')).toContainText(REMINDER_TEXTS.testSent);
  await expect.poll(() => published.length).toBe(2);
  expect(published[1]?.body.topic).toBe(TOPIC);
  expect(String(published[1]?.headers.authorization)).toContain(TOKEN);
  await expect(logRows(page)).toHaveCount(2);
});

test('at 390 px in the dark theme the Reminders tab fits, its log scrolling in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAt(page, app.baseUrl, '/dashboard/reminders');
  await expect(channelItem(page, 'My phone')).toBeVisible();
  await expect(logRows(page)).toHaveCount(2);
  type BrowserGlobal = { document: { documentElement: { scrollWidth: number } } };
  const width = () =>
    page.evaluate(() => (globalThis as unknown as BrowserGlobal).document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(390);
  const box = page.getByRole('region', { name: 'Delivery log (scrolls)' });
  expect(await box.evaluate((el) => el.clientWidth <= 390 && el.scrollWidth >= el.clientWidth)).toBe(true);

  // The edit form open inside the list fits too.
  await channelItem(page, 'My phone').getByRole('button', { name: 'Edit My phone' }).click();
  await expect(page.getByRole('form', { name: 'Edit My phone' })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(390);
});

test('the When form saves, and leaving with unsaved changes asks first', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/reminders');
  const when = page.getByRole('form', { name: 'When reminders come' });
  const lead = when.getByLabel('Minutes before a training session');
  await expect(lead).toBeVisible();

  // Checked before sending, with the field to fix focused.
  await lead.fill('500');
  await when.getByRole('button', { name: 'Save reminder times' }).click();
  await expect(lead).toBeFocused();
  await expect(when.getByText(/from 0 to 240/)).toBeVisible();

  await lead.fill('30');
  await when.getByLabel('Evening journal reminder').fill('20:30');
  const tabs = page.getByRole('navigation', { name: 'Dashboard sections' });
  await tabs.getByRole('link', { name: 'Overview' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('the reminder times');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reminders$/);
  await expect(lead).toHaveValue('30');

  const quiet = when.getByRole('switch', { name: 'Quiet hours' });
  await expect(quiet).toBeChecked();
  await quiet.uncheck();
  await expect(when.getByLabel('Quiet from')).toHaveCount(0);
  await when.getByRole('button', { name: 'Save reminder times' }).click();
  await expect(page.getByText(REMINDER_TEXTS.saved)).toBeVisible();

  // Saved: leaving asks nothing, and the times are there when the page opens again.
  await tabs.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(ask).toHaveCount(0);
  await page.goto(`${app.baseUrl}/dashboard/reminders`);
  await expect(page.getByRole('region', { name: 'When', exact: true })).toContainText(
    'Times are in your time zone (Europe/Berlin).',
  );
  await expect(lead).toHaveValue('30');
  await expect(when.getByLabel('Evening journal reminder')).toHaveValue('20:30');
  await expect(quiet).not.toBeChecked();

  // Leaving with a change and saying so goes.
  await quiet.check();
  await tabs.getByRole('link', { name: 'Overview' }).click();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the overview names a stopped channel and leads to the reminder settings', async ({ page }) => {
  // A channel stops after failed sends in a row; its state is shown as the server reports it.
  await page.route('**/api/reminders', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const c of body.channels) {
      c.broken_at = new Date().toISOString();
      c.last_error = 'The ntfy server answered 500';
    }
    await route.fulfill({ response, json: body });
  });
  await signInAt(page, app.baseUrl, '/dashboard');
  const notice = page.getByRole('status').filter({ hasText: REMINDER_TEXTS.brokenNotice('My phone') });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Open reminder settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reminders$/);
  const item = channelItem(page, 'My phone');
  await expect(item).toContainText(REMINDER_TEXTS.brokenNotice('My phone'));
  await expect(item).toContainText('The ntfy server answered 500');
});

test('deleting a channel asks first, names it, and its log entries go with it', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/reminders');
  const item = channelItem(page, 'My phone');
  await item.getByRole('button', { name: 'Delete My phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete My phone?' });
  await expect(dialog).toContainText('delivery log');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Delete My phone' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toHaveCount(0);
  await expect(channelsRegion(page).getByText('No channels yet')).toBeVisible();
  await expect(channelsRegion(page)).toBeFocused();
  await expect(page.getByRole('region', { name: 'Delivery log', exact: true })).toContainText('Nothing sent yet');
});

test.describe("this device's notifications", () => {
  // About the service worker, which the other specs block (playwright.config.ts).
  test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

  /** The browser globals used here (the e2e tsconfig has no DOM types). */
  type PushGlobal = {
    navigator: {
      serviceWorker: {
        ready: Promise<{
          getNotifications(): Promise<Array<{ title: string; body: string; tag: string; data: { url: string } }>>;
        }>;
      };
    };
  };

  test('turned on here, a test reaches the push service; turned off, the server forgets this device', async ({
    page,
  }) => {
    // The browser's push service is not reachable from this machine: its subscription is made
    // here, with real keys, and points at the local stand-in.
    const ecdh = crypto.createECDH('prime256v1');
    const subscription = {
      endpoint: `${ntfyUrl}/push/e2e-device`,
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    };
    await page.addInitScript((sub) => {
      type Fake = { endpoint: string; options: object; toJSON(): object; unsubscribe(): Promise<boolean> };
      let current: Fake | null = null;
      const fake: Fake = {
        endpoint: sub.endpoint,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      const proto = (globalThis as unknown as { PushManager: { prototype: Record<string, unknown> } }).PushManager
        .prototype;
      proto.subscribe = async () => {
        current = fake;
        return fake;
      };
      proto.getSubscription = async () => current;
    }, subscription);

    await signInAt(page, app.baseUrl, '/dashboard/reminders');
    await page.evaluate(async () => {
      await (globalThis as unknown as PushGlobal).navigator.serviceWorker.ready;
    });
    const device = page.getByRole('region', { name: 'This device’s notifications' });
    await device.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(device.getByRole('status')).toHaveText('Notifications are on for this device.');
    await expect(device.getByRole('button', { name: 'Turn off' })).toBeVisible();

    const item = channelsRegion(page).getByRole('listitem').filter({ hasText: CHANNEL_LABELS.webpush });
    await expect(item).toContainText('1 device');
    await item.getByRole('button', { name: /^Send a test to / }).click();
    await expect(item.getByRole('status')).toContainText(REMINDER_TEXTS.testSent);
    const pushed = () => published.filter((r) => r.url === '/push/e2e-device');
    await expect.poll(() => pushed().length).toBe(1);
    expect(pushed()[0]?.headers['content-encoding']).toBe('aes128gcm');

    const forget = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith('/api/reminders/push-subscriptions'),
    );
    await device.getByRole('button', { name: 'Turn off' }).click();
    expect((await forget).postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    await expect(device.getByRole('status')).toHaveText('Notifications are off for this device.');
    await expect(device.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  });

  test('the service worker shows a pushed reminder, opening only this app', async ({ page, context }) => {
    await signInAt(page, app.baseUrl, '/dashboard');
    await page.evaluate(async () => {
      await (globalThis as unknown as PushGlobal).navigator.serviceWorker.ready;
    });
    // The push service's part, done by the browser's developer protocol.
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${app.baseUrl}/` && !r.isDeleted)).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL === `${app.baseUrl}/`)?.registrationId ?? '';
    const push = (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: app.baseUrl, registrationId, data: JSON.stringify(data) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await (globalThis as unknown as PushGlobal).navigator.serviceWorker.ready).getNotifications()).map(
          (n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }),
        ),
      );

    await push({ title: 'Training in 15 minutes', body: 'Intervals', url: '/workout', tag: 'training-1' });
    await expect
      .poll(shown)
      .toEqual([
        { title: 'Training in 15 minutes', body: 'Intervals', tag: 'training-1', url: `${app.baseUrl}/workout` },
      ]);
    // An address on another site is not followed: the click opens the dashboard instead.
    await push({ title: 'Elsewhere', body: '', url: 'https://example.org/x', tag: 'other' });
    await expect
      .poll(async () => (await shown()).find((n) => n.title === 'Elsewhere')?.url)
      .toBe(`${app.baseUrl}/dashboard`);
  });
});
