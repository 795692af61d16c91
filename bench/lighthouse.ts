/**
 * Lighthouse's mobile performance score for the login page and the dashboard, on the built app
 * (`npm run build` first) with Debian's Chromium:
 *
 *   npm run bench:lighthouse [-- --runs 3]
 *
 * Each run starts from a cold cache: a new browser profile, and for the dashboard the session
 * token put in that profile's storage (as signing in does) with the HTTP cache cleared after.
 * Lighthouse 12 is fetched by npx (version 13 needs Node 22); it is not one of the app's
 * dependencies. `CHROMIUM_PATH` overrides /usr/bin/chromium, as for the browser tests.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '#common/constants.js';
import { freePort } from '../server/src/test/freePort.js';
import { startServer, waitUntilOk } from './server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12';
const ADMIN = { username: 'admin', password: 'bench-admin-password' };

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number of at least 1');
// `--reports DIR` keeps each run's full report there (login-1.json, dashboard-1.json, …).
const reportsArg = process.argv.indexOf('--reports');
const REPORTS = reportsArg >= 0 ? process.argv[reportsArg + 1] : undefined;
if (reportsArg >= 0 && !REPORTS) throw new Error('--reports needs a directory');

interface Result {
  score: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  finalUrl: string;
}

/** A fresh browser profile; with a token, signed in as the app does it, and its cache emptied. */
async function coldBrowser(baseUrl: string, token: string | null) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-lighthouse-'));
  const port = await freePort();
  const browser = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so that closing it ends its helper processes too: they may still be
    // writing to the profile after the browser process itself has gone.
    { stdio: 'ignore', detached: true },
  );
  const close = async () => {
    if (browser.exitCode === null && browser.signalCode === null) {
      const exited = new Promise((r) => browser.once('exit', r));
      browser.kill('SIGKILL');
      await exited;
    }
    try {
      if (browser.pid) process.kill(-browser.pid, 'SIGKILL');
    } catch {
      // The group has ended already.
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
  };
  try {
    await waitUntilOk(`http://127.0.0.1:${port}/json/version`, browser, 'Chromium');
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = cdp.contexts()[0];
    if (!context) throw new Error('Chromium has no browser context');
    const page = context.pages()[0] ?? (await context.newPage());
    if (token) {
      // The app's origin with an empty page, so that nothing is loaded or cached before the run.
      await page.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
      await page.goto(`${baseUrl}/empty`);
      await page.evaluate(`localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)})`);
      await page.unroute('**/*');
    }
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.goto('about:blank');
    await cdp.close();
    return { port, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function lighthouse(url: string, port: number, keepAs?: string): Promise<Result> {
  const out = path.join(os.tmpdir(), `daymark-lighthouse-${process.pid}-${port}.json`);
  // What --save-assets writes beside the report.
  const trace = out.replace(/\.json$/, '-0.trace.json');
  const devtoolsLog = out.replace(/\.json$/, '-0.devtoolslog.json');
  try {
    await promisify(execFile)(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        url,
        `--port=${port}`,
        '--only-categories=performance',
        // Keeps the signed-in token; the cache was emptied before.
        '--disable-storage-reset',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        // With --reports, also the trace that Lighthouse's simulation started from.
        ...(keepAs ? ['--save-assets'] : []),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    if (keepAs) {
      fs.copyFileSync(out, keepAs);
      fs.copyFileSync(trace, keepAs.replace(/\.json$/, '.trace.json'));
    }
    const audit = (id: string) => String(report.audits[id]?.displayValue ?? '');
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalUrl: String(report.finalDisplayedUrl),
    };
  } finally {
    for (const file of [out, trace, devtoolsLog]) fs.rmSync(file, { force: true });
  }
}

if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-lighthouse-data-'));
const server = await startServer('dist/server/main.js', {
  DATA_DIR: dataDir,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
});
try {
  const index = await fetch(`${server.baseUrl}/login`);
  if (!(await index.text()).includes('<script')) throw new Error('The web app is not built: run npm run build first');
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  // The account's time zone, as the app reports it on a first sign-in (the browser's: UTC
  // here), so that every dashboard run measures a returning visit rather than that one-time
  // report and the session check it repeats.
  const zone = await fetch(`${server.baseUrl}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ timezone: 'UTC' }),
  });
  if (!zone.ok) throw new Error(`Setting the time zone failed: ${zone.status}`);

  const rows = [];
  for (const [page, signedIn] of [
    ['/login', false],
    ['/dashboard', true],
  ] as const) {
    const results: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      const browser = await coldBrowser(server.baseUrl, signedIn ? token : null);
      try {
        const keepAs = REPORTS && path.join(REPORTS, `${page.slice(1)}-${i + 1}.json`);
        const result = await lighthouse(server.baseUrl + page, browser.port, keepAs);
        // A dashboard run that ended on the login page measured the wrong page.
        if (new URL(result.finalUrl).pathname !== page) throw new Error(`${page} ended on ${result.finalUrl}`);
        results.push(result);
      } finally {
        await browser.close();
      }
    }
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)] as Result;
    rows.push({
      page,
      scores: results.map((r) => r.score).join(', '),
      'median run: FCP': median.fcp,
      LCP: median.lcp,
      TBT: median.tbt,
      CLS: median.cls,
    });
  }
  console.log(`Lighthouse (${LIGHTHOUSE}) mobile performance, ${RUNS} cold runs per page, ${CHROMIUM}`);
  console.table(rows);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
