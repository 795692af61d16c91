import { TODOS_DONE_PAGE_MAX } from '#common/api/todos.js';
import { JOURNAL_LIST_MAX, NOTES_MAX_PAGE_SIZE } from '#common/journalConstants.js';
import { parseDailyNote } from '#common/journalText.js';
import { sizes } from '../options.js';
import type { BenchScenario } from '../types.js';

const DAYS = 3650;
const NOTES = 14350; // with 3,650 daily notes and 2,000 transcripts: 20,000 entries in the notes list
const TODOS = sizes.todos;
const OPEN_TODOS = sizes.openTodos;
const TRANSCRIPTS = 2000;

const dayIso = (i: number) => new Date(Date.UTC(2016, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

const DAILY = `## Goals for the Day
- Ship the release

## Morning Preparation
### Daily Priorities
- Write the report
- Review pull requests
### Energy Level 7/10

## Daily Journal
${'A calm, focused day with a few long meetings. '.repeat(20)}

## Evening Shutdown
### Wins
- Report sent
### Open Loops
- Budget
`;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** Ten years of daily notes, 14,350 plain notes, 2,000 transcripts and 2,000 todos (100,000 with --data 5y; 150 open) for one user. */
export const journalScenario: BenchScenario = {
  name: 'journal',
  async seed({ db, userId }) {
    const structured = JSON.stringify(parseDailyNote(DAILY));
    const now = new Date().toISOString();
    const entries = [
      ...Array.from({ length: DAYS }, (_, i) => ({
        user_id: userId,
        date: dayIso(i),
        journal_type: 'daily',
        content: DAILY,
        structured_data: structured,
        has_morning: 1,
        has_evening: i % 2,
        created_at: now,
        updated_at: `${dayIso(i)}T20:00:00.000Z`,
      })),
      ...Array.from({ length: NOTES }, (_, i) => ({
        user_id: userId,
        date: dayIso(i % DAYS),
        journal_type: 'note',
        content: `# Note ${i}\nSome thoughts about project ${i}.`,
        structured_data: null,
        has_morning: 0,
        has_evening: 0,
        created_at: now,
        updated_at: `${dayIso(i % DAYS)}T12:00:00.000Z`,
      })),
    ];
    await insertChunked(entries, (c) => db.insertInto('journal_entries').values(c).execute());
    const transcripts = Array.from({ length: TRANSCRIPTS }, (_, i) => ({
      user_id: userId,
      date: dayIso(i),
      title: `Meeting ${i}`,
      content: 'Notes of the meeting. '.repeat(50),
      context: null,
      transcript_type: 'scheduled',
      google_event_id: null,
      google_event_etag: null,
      google_recurring_event_id: null,
      created_at: `${dayIso(i)}T15:00:00.000Z`,
    }));
    await insertChunked(transcripts, (c) => db.insertInto('transcripts').values(c).execute());
    // A long history of done todos (hidden from the list) and a realistic open list.
    const todos = Array.from({ length: TODOS }, (_, i) => {
      const done = i < TODOS - OPEN_TODOS;
      return {
        user_id: userId,
        content: `Todo ${i}`,
        completed: done ? 1 : 0,
        completed_at: done ? `${dayIso(i % DAYS)}T09:00:00.000Z` : null,
        created_at: `${dayIso(i % DAYS)}T08:00:00.000Z`,
      };
    });
    await insertChunked(todos, (c) => db.insertInto('todos').values(c).execute());
  },
  routes: [
    { label: 'GET /api/notes/headlines', path: '/api/notes/headlines' },
    { label: 'GET /api/notes/headlines?type=morning', path: '/api/notes/headlines?type=morning' },
    { label: 'GET /api/notes/daily/{date}', path: `/api/notes/daily/${dayIso(DAYS - 1)}` },
    {
      label: 'GET /api/personal-journal?type=daily_morning&limit=25',
      path: '/api/personal-journal?type=daily_morning&limit=25',
    },
    { label: `GET /api/todos (${TODOS} todos, ${OPEN_TODOS} open)`, path: '/api/todos' },
    // Each list's largest page (the maximum is set where its p99 stays within 25 ms).
    {
      label: `GET /api/personal-journal?limit=${JOURNAL_LIST_MAX} (largest page)`,
      path: `/api/personal-journal?limit=${JOURNAL_LIST_MAX}`,
    },
    {
      label: `GET /api/notes/headlines?limit=${NOTES_MAX_PAGE_SIZE} (largest page)`,
      path: `/api/notes/headlines?limit=${NOTES_MAX_PAGE_SIZE}`,
    },
    {
      label: `GET /api/todos?completed=true&limit=${TODOS_DONE_PAGE_MAX} (largest page)`,
      path: `/api/todos?completed=true&limit=${TODOS_DONE_PAGE_MAX}`,
    },
  ],
};
