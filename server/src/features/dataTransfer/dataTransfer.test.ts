import fc from 'fast-check';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_TEXT, EXPORT_SCHEMA_VERSION } from '#common/api/dataTransfer.js';
import { TODO_OPEN_MAX, TODOS_OPEN_FULL } from '#common/api/todos.js';
import { type Client, createHarness, createUserAndSignIn, type Harness, userIdOf } from '../../test/harness.js';
import { morningNote, seed } from '../../test/seed.js';
import { EXPORTED_TABLES, NOT_EXPORTED } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { IMPORT_MAX_BYTES: String(256 * 1024) } });
});
afterAll(() => h.close());

let n = 0;
const fresh = (name = 'user') => createUserAndSignIn(h, `${name}${++n}`);

async function exportOf(c: Client) {
  const res = await c.request({ method: 'GET', url: '/api/export' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="daymark-.+\.zip"$/);
  const zip = res.rawPayload;
  const files = unzipSync(new Uint8Array(zip));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return { zip, files, text, doc: JSON.parse(text('daymark.json')) };
}

const importZip = (c: Client, zip: Uint8Array | Buffer, dryRun = false, type = 'application/zip') =>
  c.request({
    method: 'POST',
    url: `/api/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { 'content-type': type },
    payload: Buffer.from(zip),
  });

/** A generated account, written straight into the tables (timestamps chosen, every table used). */
const accountArb = fc.record({
  todos: fc.uniqueArray(
    fc.record({
      content: fc.string({ minLength: 1, maxLength: 40 }),
      done: fc.boolean(),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    { maxLength: 6, selector: (t) => `${t.content}|${t.day}` },
  ),
  notes: fc.uniqueArray(fc.record({ day: fc.integer({ min: 1, max: 28 }), text: fc.string({ maxLength: 200 }) }), {
    maxLength: 5,
    selector: (x) => x.day,
  }),
  logs: fc.uniqueArray(fc.record({ day: fc.integer({ min: 1, max: 28 }), skipped: fc.boolean() }), {
    maxLength: 5,
    selector: (x) => x.day,
  }),
  chats: fc.array(fc.array(fc.string({ minLength: 1, maxLength: 80 }), { minLength: 1, maxLength: 3 }), {
    maxLength: 3,
  }),
  transcripts: fc.uniqueArray(
    fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      title: fc.string({ minLength: 1, maxLength: 40 }),
      scheduled: fc.boolean(),
    }),
    { maxLength: 3, selector: (x) => `${x.day}|${x.title}` },
  ),
  weeks: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
});
type Account = typeof accountArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * The tables as compared across accounts: a conversation's uuid is unique on the server, so the
 * copy in another account gets a fresh one (its messages follow it).
 */
const comparable = (tables: Record<string, Array<Record<string, unknown>>>) => ({
  ...tables,
  coach_conversations: tables.coach_conversations?.map(({ conversation_uuid: _, ...rest }) => rest),
  cron_jobs: tables.cron_jobs?.map(({ job_uuid: _, ...rest }) => rest),
});

const day = (d: number) => `2026-02-${String(d).padStart(2, '0')}`;
const at = (d: number, s = 0) => `${day(d)}T08:00:${String(s).padStart(2, '0')}.000Z`;

async function writeAccount(id: number, a: Account) {
  const db = h.ctx.db;
  for (const t of a.transcripts) {
    await db
      .insertInto('transcripts')
      .values({
        user_id: id,
        date: day(t.day),
        title: t.title,
        content: `Said on day ${t.day}`,
        context: null,
        transcript_type: t.scheduled ? 'scheduled' : 'impromptu',
        google_event_id: t.scheduled ? `event-${t.day}` : null,
        google_event_etag: null,
        google_recurring_event_id: null,
        event_start: t.scheduled ? `${day(t.day)}T09:00:00+01:00` : null,
        created_at: at(t.day),
      })
      .execute();
  }
  for (const w of a.weeks) {
    await db
      .insertInto('weekly_conversations')
      .values({
        user_id: id,
        week_date: day(2 + w * 7),
        messages: JSON.stringify([{ role: 'user', content: `Week ${w}` }]),
        created_at: at(2 + w * 7),
        updated_at: at(2 + w * 7, 1),
      })
      .execute();
  }
  for (const t of a.todos) {
    await db
      .insertInto('todos')
      .values({
        user_id: id,
        content: t.content,
        completed: t.done ? 1 : 0,
        completed_at: t.done ? at(t.day, 5) : null,
        created_at: at(t.day),
      })
      .execute();
  }
  for (const x of a.notes) {
    await db
      .insertInto('journal_entries')
      .values({
        user_id: id,
        date: day(x.day),
        journal_type: 'daily',
        content: x.text,
        structured_data: JSON.stringify({ morning: { energy_level: x.day % 11 } }),
        has_morning: 1,
        has_evening: 0,
        created_at: at(x.day),
        updated_at: at(x.day, 1),
      })
      .execute();
  }
  for (const x of a.logs) {
    await db
      .insertInto('workout_logs')
      .values({
        user_id: id,
        date: day(x.day),
        entry: `Log ${x.day}`,
        workout_completion: JSON.stringify([{ name: 'Squat', completed: 'completed' }]),
        workout_skipped: x.skipped ? 1 : 0,
        created_at: at(x.day),
        updated_at: at(x.day),
      })
      .execute();
  }
  for (const [i, messages] of a.chats.entries()) {
    const conv = await db
      .insertInto('coach_conversations')
      .values({
        user_id: id,
        conversation_uuid: `${id}-${i}-${Math.random()}`,
        coach_type: 'workout',
        title: `Chat ${i}`,
        created_at: at(i + 1, i),
        updated_at: at(i + 1, i),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [j, content] of messages.entries()) {
      await db
        .insertInto('coach_messages')
        .values({
          user_id: id,
          conversation_id: conv.id,
          role: j % 2 ? 'assistant' : 'user',
          content,
          thoughts: null,
          created_at: at(i + 1, j),
        })
        .execute();
    }
  }
}

describe('export', () => {
  it('holds every listed table with the schema version, readable Markdown, and no secrets', async () => {
    const c = await fresh('exporter');
    await seed.dailyNote(c, '2026-03-02', morningNote('Ship the export'));
    await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'Buy milk' } });
    await seed.workoutLog(c, '2026-03-02', { completion: [{ name: 'Squat', completed: 'completed' }] });
    const other = await fresh('stranger');
    await c.request({ method: 'GET', url: '/api/todos' });
    await other.request({ method: 'POST', url: '/api/todos', payload: { content: 'Not yours' } });

    const { doc, files, text, zip } = await exportOf(c);
    expect(doc).toMatchObject({ format: 'daymark-export', schemaVersion: EXPORT_SCHEMA_VERSION });
    expect(Object.keys(doc.tables)).toEqual(EXPORTED_TABLES.map((t) => t.name));
    expect(doc.tables.todos).toEqual([expect.objectContaining({ content: 'Buy milk', completed: 0 })]);
    expect(doc.tables.todos[0]).not.toHaveProperty('id');
    expect(doc.tables.todos[0]).not.toHaveProperty('user_id');
    expect(text('journal/daily/2026-03-02.md')).toContain('Ship the export');
    expect(text('todos.md')).toContain('- [ ] Buy milk');
    expect(text('workouts/2026-03-02.md')).toContain('Squat: completed');
    expect(Object.keys(files)).not.toContain('sessions.json');

    // Neither the password hash nor the session token (or its hash) is anywhere in the zip.
    const all = Object.values(files)
      .map((f) => new TextDecoder().decode(f))
      .join('\n');
    const user = await h.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', c.username)
      .executeTakeFirstOrThrow();
    const session = await h.ctx.db.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow();
    expect(all).not.toContain(user.password_hash);
    expect(all).not.toContain(session.token_hash);
    expect(all).not.toContain(c.token);
    expect(all).not.toContain('Not yours');
    expect(zip.length).toBeGreaterThan(0);
  });

  it('decides for every table: exported, or left out with a reason', async () => {
    const tables = (await h.ctx.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !/^search_index_/.test(name));
    const decided = [...EXPORTED_TABLES.map((t) => t.name), ...Object.keys(NOT_EXPORTED)];
    expect(tables.filter((t) => !decided.includes(t))).toEqual([]);
  });

  it("holds the user's jobs, calendar choices and time zone, and no calendar credentials or others' jobs", async () => {
    const admin = await createUserAndSignIn(h, `settler${++n}`, true);
    const id = await userIdOf(h, admin.username);
    await admin.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Europe/Berlin' } });
    const job = await admin.request({
      method: 'POST',
      url: '/api/cron/jobs',
      payload: { name: 'Morning briefing', schedule: '0 7 * * 1-5', job_type: 'assistant_briefing' },
    });
    expect(job.statusCode).toBe(201);
    const backup = await admin.request({
      method: 'POST',
      url: '/api/cron/jobs',
      payload: { name: 'Nightly backup', schedule: '0 2 * * *', job_type: 'health_check' },
    });
    expect(backup.statusCode).toBe(201);
    const connection = await h.ctx.db
      .insertInto('calendar_connections')
      .values({
        user_id: id,
        provider: 'caldav',
        label: 'Work',
        credentials: 'SECRET-CALENDAR-CREDENTIALS',
        status: 'connected',
        last_sync_time: null,
        last_error: null,
        created_at: at(1),
        updated_at: at(1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.ctx.db
      .insertInto('calendar_calendars')
      .values({
        user_id: id,
        connection_id: connection.id,
        remote_id: 'https://cal.example/work/',
        summary: 'Work',
        background_color: '#000',
        foreground_color: '#fff',
        writable: 1,
        is_primary: 1,
        sync_state: null,
        read_issues: null,
      })
      .execute();
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/calendar/sync-settings',
      payload: {
        auto_sync: false,
        sync_workouts: true,
        sync_journal: true,
        selected_calendars: ['caldav:https://cal.example/work/'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { doc, files } = await exportOf(admin);
    expect(doc.account).toEqual({ username: admin.username, timezone: 'Europe/Berlin' });
    expect(doc.tables.cron_jobs).toEqual([
      expect.objectContaining({
        job_uuid: job.json().job_uuid,
        name: 'Morning briefing',
        schedule: '0 7 * * 1-5',
        timezone: 'Europe/Berlin',
        job_type: 'assistant_briefing',
        job_config: '{}',
        enabled: 1,
      }),
    ]);
    expect(doc.tables.cron_jobs[0]).not.toHaveProperty('next_run');
    expect(doc.tables.calendar_sync_settings).toEqual([
      expect.objectContaining({
        auto_sync: 0,
        sync_workouts: 1,
        sync_journal: 1,
        selected_calendars: JSON.stringify(['caldav:https://cal.example/work/']),
      }),
    ]);
    const all = Object.values(files)
      .map((f) => new TextDecoder().decode(f))
      .join('\n');
    expect(all).not.toContain('SECRET-CALENDAR-CREDENTIALS');
    expect(all).not.toContain('Nightly backup');
  });

  it('needs a session', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/export' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/import' })).statusCode).toBe(401);
  });
});

describe('import', () => {
  it('export → import into a fresh account → export gives the same data; importing again adds nothing', async () => {
    await fc.assert(
      fc.asyncProperty(accountArb, async (account) => {
        const source = await fresh('source');
        await writeAccount(await userIdOf(h, source.username), account);
        const first = await exportOf(source);

        const target = await fresh('target');
        const dry = await importZip(target, first.zip, true);
        expect(dry.statusCode).toBe(200);
        expect(dry.json().dryRun).toBe(true);
        expect((await exportOf(target)).doc.tables.todos).toEqual([]);

        const done = (await importZip(target, first.zip)).json();
        expect(done.tables).toEqual(dry.json().tables);
        expect(done.rejected).toEqual([]);
        expect(done.tables.todos.added).toBe(account.todos.length);
        expect(done.tables.coach_messages.added).toBe(account.chats.flat().length);
        expect(done.tables.transcripts.added).toBe(account.transcripts.length);
        expect(done.tables.weekly_conversations.added).toBe(account.weeks.length);
        const second = await exportOf(target);
        expect(comparable(second.doc.tables)).toEqual(comparable(first.doc.tables));

        const again = (await importZip(target, first.zip)).json();
        for (const [table, counts] of Object.entries(again.tables as Record<string, { added: number }>)) {
          expect(counts.added, table).toBe(0);
        }
        expect(comparable((await exportOf(target)).doc.tables)).toEqual(comparable(first.doc.tables));
      }),
      { numRuns: 6 },
    );
    // Six accounts, each exported four times and imported three: slow on a busy machine.
  }, 90_000);

  it('brings jobs, calendar choices and the time zone into another account: new job ids, next runs from now, once', async () => {
    const source = await fresh('mover');
    await source.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'America/New_York' } });
    const job = await source.request({
      method: 'POST',
      url: '/api/cron/jobs',
      payload: { name: 'Briefing', schedule: '30 6 * * *', job_type: 'assistant_briefing' },
    });
    await source.request({
      method: 'POST',
      url: '/api/cron/jobs',
      payload: { name: 'Paused briefing', schedule: '0 12 * * *', job_type: 'assistant_briefing', enabled: false },
    });
    // Settings that name a calendar not connected here: kept, they apply once it is connected again.
    const { doc } = await exportOf(source);
    doc.tables.calendar_sync_settings = [
      {
        auto_sync: 0,
        sync_workouts: 0,
        sync_journal: 1,
        selected_calendars: JSON.stringify(['google:someone@example.com']),
        updated_at: '2026-02-01T10:00:00.000Z',
      },
    ];
    const zip = zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)) });

    const target = await fresh('landing');
    await target.request({ method: 'PUT', url: '/api/settings', payload: { timezone: 'Asia/Tokyo' } });
    const dry = (await importZip(target, zip, true)).json();
    expect(dry.timezone).toEqual({ from: 'Asia/Tokyo', to: 'America/New_York' });
    expect(dry.tables.account).toEqual({ added: 1, skipped: 0, rejected: 0 });
    expect(dry.tables.cron_jobs).toEqual({ added: 2, skipped: 0, rejected: 0 });
    expect((await target.request({ method: 'GET', url: '/api/settings' })).json().timezone).toBe('Asia/Tokyo');

    const before = Date.now();
    const done = (await importZip(target, zip)).json();
    expect(done.rejected).toEqual([]);
    expect(done.tables.calendar_sync_settings).toEqual({ added: 1, skipped: 0, rejected: 0 });
    expect((await target.request({ method: 'GET', url: '/api/settings' })).json().timezone).toBe('America/New_York');

    const jobs = (await target.request({ method: 'GET', url: '/api/cron/jobs' })).json() as Array<
      Record<string, unknown>
    >;
    expect(jobs.map((j) => [j.name, j.enabled, j.timezone, j.last_run])).toEqual([
      ['Briefing', true, 'America/New_York', null],
      ['Paused briefing', false, 'America/New_York', null],
    ]);
    const briefing = jobs[0] as { job_uuid: string; next_run: string };
    // The uuid is taken on this server (the source's job): the copy has its own.
    expect(briefing.job_uuid).not.toBe(job.json().job_uuid);
    expect(Date.parse(briefing.next_run)).toBeGreaterThan(before);
    expect(new Date(briefing.next_run).toLocaleTimeString('en-GB', { timeZone: 'America/New_York' })).toBe('06:30:00');
    expect(jobs[1]?.next_run).toBeNull();
    const sync = (await target.request({ method: 'GET', url: '/api/calendar/sync-settings' })).json();
    expect(sync).toMatchObject({
      auto_sync: false,
      sync_workouts: false,
      sync_journal: true,
      selected_calendars: ['google:someone@example.com'],
    });

    const again = (await importZip(target, zip)).json();
    for (const [table, counts] of Object.entries(again.tables as Record<string, { added: number }>)) {
      expect(counts.added, table).toBe(0);
    }
    expect(again.timezone).toBeNull();
    expect(again.tables.account).toEqual({ added: 0, skipped: 1, rejected: 0 });
    expect((await target.request({ method: 'GET', url: '/api/cron/jobs' })).json()).toHaveLength(2);
  });

  it('refuses jobs a user cannot have or this server cannot read, and a time zone it does not know', async () => {
    const c = await fresh('strict');
    const { doc } = await exportOf(c);
    const job = (over: Record<string, unknown>) => ({
      job_uuid: crypto.randomUUID(),
      name: 'Job',
      description: '',
      schedule: '0 7 * * *',
      timezone: 'UTC',
      job_type: 'assistant_briefing',
      job_config: '{}',
      enabled: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...over,
    });
    doc.tables.cron_jobs = [
      job({ job_type: 'custom_script', job_config: '{"script":"x.sh"}' }),
      job({ schedule: 'every morning' }),
      job({ timezone: 'Mars/Olympus' }),
      job({ job_config: '{"unknown":1}' }),
      job({ name: 'Fine' }),
    ];
    doc.account = { timezone: 'Europe/Nowhere' };
    const report = (await importZip(c, zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)) }))).json();
    expect(report.tables.cron_jobs).toEqual({ added: 1, skipped: 0, rejected: 4 });
    expect(report.tables.account).toEqual({ added: 0, skipped: 0, rejected: 1 });
    expect(report.timezone).toBeNull();
    expect(report.rejected.map((r: { table: string; row: number }) => [r.table, r.row])).toEqual([
      ['cron_jobs', 0],
      ['cron_jobs', 1],
      ['cron_jobs', 2],
      ['cron_jobs', 3],
      ['account', 0],
    ]);
    expect(report.rejected[0].reason).toContain('custom_script');
    const jobs = (await c.request({ method: 'GET', url: '/api/cron/jobs' })).json();
    expect(jobs.map((j: { name: string }) => j.name)).toEqual(['Fine']);
    expect((await c.request({ method: 'GET', url: '/api/settings' })).json().timezone).toBe('UTC');
  });

  it('reads an export written before a nullable column existed: the column is null', async () => {
    const c = await fresh('older');
    const { doc } = await exportOf(c);
    doc.tables.transcripts = [
      {
        date: '2026-02-03',
        title: 'Before event times were kept',
        content: 'Old text',
        context: null,
        transcript_type: 'scheduled',
        google_event_id: 'e1',
        google_event_etag: null,
        google_recurring_event_id: null,
        created_at: '2026-02-03T10:00:00.000Z',
      },
    ];
    const res = await importZip(c, zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)) }));
    expect(res.json().tables.transcripts).toEqual({ added: 1, skipped: 0, rejected: 0 });
    const saved = (await c.request({ method: 'GET', url: '/api/transcripts/date/2026-02-03' })).json();
    expect(saved).toEqual([expect.objectContaining({ title: 'Before event times were kept', event_start: null })]);
  });

  it('a dry run reports added, skipped and rejected rows with reasons, and changes nothing', async () => {
    const c = await fresh('dry');
    await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'Existing' } });
    const { doc } = await exportOf(c);
    doc.tables.todos.push(
      { content: 'New one', completed: 0, completed_at: null, created_at: '2026-01-01T00:00:00.000Z' },
      { content: 'Bad date', completed: 0, completed_at: null, created_at: 'yesterday' },
      { content: 'Bad flag', completed: 7, completed_at: null, created_at: '2026-01-01T00:00:00.000Z', user_id: 999 },
    );
    doc.tables.journal_entries.push({ date: '2026-02-30', journal_type: 'daily', content: 'x' });
    const zip = zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)) });
    const res = await importZip(c, zip, true);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.tables.todos).toEqual({ added: 1, skipped: 1, rejected: 2 });
    expect(report.tables.journal_entries).toEqual({ added: 0, skipped: 0, rejected: 1 });
    expect(report.rejected).toEqual([
      { table: 'todos', row: 2, reason: expect.stringContaining('created_at') },
      { table: 'todos', row: 3, reason: expect.stringContaining('completed') },
      { table: 'journal_entries', row: 0, reason: expect.stringContaining('date') },
    ]);
    const todos = (await c.request({ method: 'GET', url: '/api/todos' })).json();
    expect(todos.map((t: { content: string }) => t.content)).toEqual(['Existing']);

    // The real import adds the good row only, in one go.
    const real = (await importZip(c, zip)).json();
    expect(real.tables.todos).toEqual({ added: 1, skipped: 1, rejected: 2 });
    const after = (await c.request({ method: 'GET', url: '/api/todos' })).json();
    expect(after.map((t: { content: string }) => t.content).sort()).toEqual(['Existing', 'New one']);
  });

  it(`refuses an import that would leave more than ${TODO_OPEN_MAX} open todos, adding nothing`, async () => {
    const c = await fresh('full');
    await c.request({ method: 'POST', url: '/api/todos', payload: { content: 'Existing' } });
    const { doc } = await exportOf(c);
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
    doc.tables.todos.push(
      ...Array.from({ length: TODO_OPEN_MAX }, (_, i) => ({
        content: `Imported ${i}`,
        completed: 0,
        completed_at: null,
        created_at: at(i),
      })),
    );
    const zip = zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)) });
    for (const dryRun of [true, false]) {
      const res = await importZip(c, zip, dryRun);
      expect(res.statusCode, `dry run: ${dryRun}`).toBe(409);
      expect(res.json()).toEqual({ error: TODOS_OPEN_FULL });
    }
    const todos = (await c.request({ method: 'GET', url: '/api/todos' })).json();
    expect(todos.map((t: { content: string }) => t.content)).toEqual(['Existing']);
  });

  it('refuses malformed, truncated, oversized, tampered and foreign files with a clear message', async () => {
    const c = await fresh('careful');
    await seed.dailyNote(c, '2026-03-02', morningNote('Keep me'));
    const { zip, doc } = await exportOf(c);
    const expectRefused = async (body: Uint8Array, status: number, error: string) => {
      const res = await importZip(c, body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error });
    };
    await expectRefused(strToU8('hello, not a zip'), 400, DATA_TEXT.notZip);
    await expectRefused(zip.subarray(0, Math.floor(zip.length / 2)), 400, DATA_TEXT.damaged);
    const tampered = Buffer.from(zip);
    for (let i = 40; i < 80; i++) tampered[i] = (tampered[i] ?? 0) ^ 0xff;
    const res = await importZip(c, tampered);
    expect(res.statusCode).toBe(400);
    expect([DATA_TEXT.damaged, DATA_TEXT.badJson, DATA_TEXT.noManifest]).toContain(res.json().error);
    await expectRefused(zipSync({ 'notes.md': strToU8('# hi') }), 400, DATA_TEXT.noManifest);
    await expectRefused(zipSync({ 'daymark.json': strToU8('{"format":') }), 400, DATA_TEXT.badJson);
    await expectRefused(zipSync({ 'daymark.json': strToU8('{"hello":1}') }), 400, DATA_TEXT.notExport);
    await expectRefused(
      zipSync({ 'daymark.json': strToU8(JSON.stringify({ ...doc, schemaVersion: 99 })) }),
      400,
      DATA_TEXT.foreignVersion(99, EXPORT_SCHEMA_VERSION),
    );
    // Over the limit (256 KiB here): random bytes do not compress.
    // Random bytes do not compress, so 320 KiB of them stay over the limit.
    const noise = new Uint8Array(5 * 65536);
    for (let i = 0; i < 5; i++) noise.set(crypto.getRandomValues(new Uint8Array(65536)), i * 65536);
    const big = zipSync({ 'daymark.json': strToU8(JSON.stringify(doc)), 'noise.bin': noise }, { level: 0 });
    await expectRefused(big, 413, DATA_TEXT.tooLarge(256 * 1024));
    const json = await importZip(c, strToU8('{}'), false, 'application/json');
    expect(json.statusCode).toBe(400);
    // Nothing changed.
    expect((await exportOf(c)).doc.tables).toEqual(doc.tables);
  });
});
