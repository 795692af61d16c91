import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { ACTIVITY_TEXTS } from '#common/api/activities.js';
import { addDays, todayIn } from '#common/time.js';
import { holdBack } from './helpers.js';
import { type LlmApp, signInAt, startApp } from './llmServer.js';

/**
 * Imported activities in Chromium against the real app, on an app of its own: a Strava-shaped
 * export zip (real watch files from the server's fixtures: a Fenix 6 track run with 17 laps,
 * gzipped, and a Wahoo ride; a TCX run and a GPX walk of this week made here, for the Stats; and a
 * broken file) imported on Workout → Import with its progress and its result in words; the track
 * run in History with its figures, its own view with the lap table, the route drawn and the
 * original file; the Stats' sport charts; the same export again adding nothing; a lone bad file
 * named; the detail view at 390 px in the dark theme; and a delete that asks first.
 */
const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: 'serial' });

let app: LlmApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.close();
});

const today = todayIn(ZONE);
/** 07:00 UTC on a day before today (08:00 or 09:00 in Berlin: the same date). */
const morning = (daysAgo: number) => new Date(`${addDays(today, -daysAgo)}T07:00:00Z`);
const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A run of two 2.5 km laps of 12:30 each, with heart rate and a position every 30 s (a loop by the river). */
function tcxRun(start: Date): string {
  const lapS = 750;
  const lapM = 2500;
  const laps: string[] = [];
  for (let lap = 0; lap < 2; lap++) {
    const points: string[] = [];
    for (let t = 0; t <= lapS; t += 30) {
      const all = lap * lapS + t;
      const angle = (all / (2 * lapS)) * 2 * Math.PI;
      points.push(`<Trackpoint>
  <Time>${iso(new Date(start.getTime() + all * 1000))}</Time>
  <Position><LatitudeDegrees>${(52.52 + 0.006 * Math.sin(angle)).toFixed(6)}</LatitudeDegrees><LongitudeDegrees>${(13.4 + 0.012 * Math.cos(angle)).toFixed(6)}</LongitudeDegrees></Position>
  <AltitudeMeters>${(34 + 4 * Math.sin(angle * 3)).toFixed(1)}</AltitudeMeters>
  <DistanceMeters>${((all / lapS) * lapM).toFixed(1)}</DistanceMeters>
  <HeartRateBpm><Value>${140 + lap * 10 + Math.round(t / 150)}</Value></HeartRateBpm>
</Trackpoint>`);
    }
    laps.push(`<Lap StartTime="${iso(new Date(start.getTime() + lap * lapS * 1000))}">
  <TotalTimeSeconds>${lapS}</TotalTimeSeconds>
  <DistanceMeters>${lapM}</DistanceMeters>
  <Calories>180</Calories>
  <AverageHeartRateBpm><Value>${142 + lap * 10}</Value></AverageHeartRateBpm>
  <MaximumHeartRateBpm><Value>${150 + lap * 10}</Value></MaximumHeartRateBpm>
  <Intensity>Active</Intensity>
  <TriggerMethod>Distance</TriggerMethod>
  <Track>${points.join('\n')}</Track>
</Lap>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<Activities><Activity Sport="Running">
<Id>${iso(start)}</Id>
${laps.join('\n')}
<Creator xsi:type="Device_t"><Name>Forerunner 945</Name><UnitId>1</UnitId><ProductID>3113</ProductID></Creator>
</Activity></Activities>
</TrainingCenterDatabase>
`;
}

/** A 30-minute walk, a point a minute. */
function gpxWalk(start: Date): string {
  const points: string[] = [];
  for (let m = 0; m <= 30; m++)
    points.push(
      `<trkpt lat="${(52.5 + m * 0.0008).toFixed(6)}" lon="${(13.38 + m * 0.0004).toFixed(6)}"><ele>40</ele><time>${iso(new Date(start.getTime() + m * 60_000))}</time></trkpt>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
<metadata><time>${iso(start)}</time></metadata>
<trk><name>Lunch Walk</name><type>walking</type><trkseg>
${points.join('\n')}
</trkseg></trk>
</gpx>
`;
}

const FIXTURES = 'server/src/features/activities/fixtures';
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`${FIXTURES}/${name}`));

const RUN_START = morning(3);
const WALK_START = morning(5);
/** What Strava's bulk export looks like: activities.csv naming each activity's file under activities/. */
function stravaExport(): Buffer {
  const csv = [
    'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename',
    '4721,"Jun 10, 2021, 10:35:14 AM",Track Tuesday,Run,17 laps,1671,6.44,activities/4721.fit.gz',
    '4722,"Aug 21, 2017, 8:18:00 AM",Lunch Ride,Ride,,140,0.96,activities/4722.fit',
    `1001,"${RUN_START.toUTCString()}",Morning Run,Run,,1500,5.00,activities/1001.tcx.gz`,
    `1002,"${WALK_START.toUTCString()}",Lunch Walk,Walk,,1800,2.00,activities/1002.gpx`,
    `1003,"${WALK_START.toUTCString()}",Broken,Run,,600,1.00,activities/1003.fit`,
  ].join('\n');
  return Buffer.from(
    zipSync({
      'export_12345/activities.csv': strToU8(`${csv}\n`),
      'export_12345/activities/4721.fit.gz': new Uint8Array(gzipSync(fixture('fenix6-track-run-laps.fit'))),
      'export_12345/activities/4722.fit': fixture('wahoo-elemnt-bolt-ride.fit'),
      'export_12345/activities/1001.tcx.gz': new Uint8Array(gzipSync(tcxRun(RUN_START))),
      'export_12345/activities/1002.gpx': strToU8(gpxWalk(WALK_START)),
      'export_12345/activities/1003.fit': strToU8('this is not a FIT file at all'),
    }),
  );
}
const ZIP = { name: 'export_12345.zip', mimeType: 'application/zip', buffer: stravaExport() };

/** The Fenix 6 track run: its name comes from the export's activities.csv. */
const TRACK = /^Track Tuesday$/;

test('an export is imported with its progress, and a run shows its figures, laps and route', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAt(page, app.baseUrl, '/workout/import');
  await expect(page.getByRole('link', { name: 'Import', exact: true })).toHaveAttribute('aria-current', 'page');

  // The answer is held back: the progress bar shows meanwhile, and leaving asks first.
  const held = await holdBack(page, '**/api/activities/import?*');
  await page.getByLabel('Activity file or export').setInputFiles(ZIP);
  await page.getByRole('button', { name: ACTIVITY_TEXTS.importButton, exact: true }).click();
  const bar = page.getByRole('progressbar', { name: `Importing ${ZIP.name}` });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Uploading…|Reading activities…/ })).toBeVisible();
  await page.getByRole('link', { name: 'History', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave while importing?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/workout\/import$/);
  held.release();

  const result = page.getByRole('status').filter({ hasText: /^Imported/ });
  await expect(result).toHaveText(/^Imported 4 activities/);
  await expect(bar).toBeHidden();
  await expect(page.getByText('1 file could not be imported:')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '1003.fit' })).toBeVisible();

  // History lists them all, each with its figures.
  await page.getByRole('link', { name: 'See them in History' }).click();
  await expect(page.getByRole('tab', { name: 'Activities (4)' })).toHaveAttribute('aria-selected', 'true');
  const track = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: TRACK }) });
  await expect(track).toContainText('Run');
  await expect(track).toContainText('6.44 km');
  await expect(track).toContainText('27:51');
  await expect(track).toContainText('4:19 /km');
  await expect(track).toContainText('164 bpm');
  await expect(track).toContainText('184 bpm');
  await expect(track).toContainText('Garmin Fenix 6');
  // Its start in the user's zone: 10:35 UTC is 12:35 in Berlin's summer.
  await expect(track).toContainText('Thu, Jun 10, 2021, 12:35 PM');
  const ride = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Lunch Ride' }) });
  await expect(ride).toContainText('Ride');
  await expect(ride).toContainText('km/h');
  await expect(ride).toContainText('Wahoo ELEMNT BOLT');
  await expect(page.getByRole('link', { name: 'Morning Run' })).toBeVisible();

  // Its own view: the figures, the laps as a table and the route drawn from its points.
  await track.getByRole('link', { name: TRACK }).click();
  await expect(page).toHaveURL(/\/workout\/activities\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Track Tuesday' })).toBeVisible();
  const laps = page.getByRole('table', { name: 'Laps of Track Tuesday' });
  await expect(laps.getByRole('columnheader', { name: 'Pace' })).toBeVisible();
  await expect(laps.getByRole('columnheader', { name: 'Avg HR' })).toBeVisible();
  await expect(laps.getByRole('row')).toHaveCount(18);
  await expect(laps.getByRole('rowheader', { name: '17', exact: true })).toBeVisible();
  const route = page.getByRole('img', { name: /^Route of Track Tuesday/ });
  await expect(route).toBeVisible();
  const points = await route.locator('polyline').getAttribute('points');
  expect(points?.split(' ').length ?? 0).toBeGreaterThan(100);
  await expect(route.locator('circle')).toHaveCount(2);

  // The original file comes down with the bearer token, as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download original file' }).click();
  expect((await download).suggestedFilename()).toMatch(/4721\.fit/);
});

test('Stats shows distance and time by sport and the heart rate', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/dashboard/stats');
  for (const title of ['Distance by sport', 'Time by sport', 'Heart rate']) {
    const card = page.getByRole('region', { name: title });
    await expect(card.locator('canvas').first()).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Distance by sport' }).getByText('Run', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Distance by sport' }).getByText('Walk', { exact: true }),
  ).toBeVisible();
  // The same numbers as a table for screen readers.
  await expect(page.getByRole('table', { name: 'Kilometres per week by sport' })).toBeAttached();
});

test('the same export again adds nothing, and a lone bad file is named', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout/import');
  await page.getByLabel('Activity file or export').setInputFiles(ZIP);
  await page.getByRole('button', { name: ACTIVITY_TEXTS.importButton, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Nothing new/ })).toHaveText(
    'Nothing new was added: all 4 activities were already here.',
  );

  await page
    .getByLabel('Activity file or export')
    .setInputFiles({ name: 'ride.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('<gpx><oops') });
  await page.getByRole('button', { name: ACTIVITY_TEXTS.importButton, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('ride.gpx');
});

test('at 390 px in the dark theme an activity fits, its lap table scrolling in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAt(page, app.baseUrl, '/workout/history');
  await page.getByRole('tab', { name: /^Activities/ }).click();
  await page.getByRole('link', { name: TRACK }).click();
  await expect(page.getByRole('table', { name: /Laps of/ })).toBeVisible();
  const widths = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document;
    return doc.documentElement.scrollWidth;
  });
  expect(widths).toBeLessThanOrEqual(390);
  const box = page.getByRole('region', { name: /Laps \(scrolls\)/ });
  const fits = await box.evaluate((el) => el.scrollWidth >= el.clientWidth && el.clientWidth <= 390);
  expect(fits).toBe(true);
});

test('deleting an activity asks first and keeps the other', async ({ page }) => {
  await signInAt(page, app.baseUrl, '/workout/history');
  await page.getByRole('tab', { name: /^Activities/ }).click();
  await page.getByRole('link', { name: TRACK }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete activity' });
  await expect(dialog).toContainText(ACTIVITY_TEXTS.deleteConfirm);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/workout\/history$/);
  await expect(page.getByRole('tab', { name: 'Activities (3)' })).toBeVisible();
  await expect(page.getByRole('link', { name: TRACK })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Lunch Ride' })).toBeVisible();
});
