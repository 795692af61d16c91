import { z } from 'zod';
import { errors } from '#common/api/common.js';
import {
  dailyNote,
  dailyNoteParams,
  journalByDateParams,
  journalByDateResponse,
  journalEntry,
  listJournalQuery,
  saveDailyNoteRequest,
  saveJournalRequest,
} from '#common/api/journal.js';
import { JOURNAL_LIST_DEFAULT, JOURNAL_LIST_MAX, LIST_OFFSET_MAX } from '#common/journalConstants.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { afterDailyJournalSaved } from '../calendar/journalSync.js';
import { getJournalEntryByDate, listJournalEntriesJson } from './repo.js';
import * as service from './service.js';

const tags = ['journal'];

export async function journalRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/personal-journal',
    {
      schema: {
        tags,
        operationId: 'journal.list',
        summary: 'Journal entries, newest first; daily_morning/daily_evening give the parts of daily notes',
        description: `Paged: limit (default ${JOURNAL_LIST_DEFAULT}, at most ${JOURNAL_LIST_MAX}) from offset (at most ${LIST_OFFSET_MAX}); a page shorter than limit is the last. Ordered by date, then last change, then id, so pages never overlap.`,
        querystring: listJournalQuery,
        response: { 200: z.array(journalEntry), ...errors(400, 401) },
      },
    },
    async (request, reply) => sendJson(reply, await listJournalEntriesJson(ctx.db, userOf(request).id, request.query)),
  );

  r.get(
    '/api/personal-journal/date/:date/:type',
    {
      schema: {
        tags,
        operationId: 'journal.getByDate',
        summary: 'The entry of a type on a date; exists false when there is none',
        params: journalByDateParams,
        response: { 200: journalByDateResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const entry = await getJournalEntryByDate(ctx.db, userOf(request).id, request.params.date, request.params.type);
      return entry ? { exists: true as const, entry } : { exists: false as const };
    },
  );

  r.post(
    '/api/personal-journal',
    {
      schema: {
        tags,
        operationId: 'journal.save',
        summary: 'Save a journal entry (daily notes and weekly plans replace the one of their date)',
        description:
          "A weekly_planning entry is stored under its week's Monday and refused (409) once that week has ended.",
        body: saveJournalRequest,
        response: { 200: journalEntry, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request) => {
      const { id: userId, timeZone } = userOf(request);
      const saved = await service.saveJournalEntry(ctx.db, userId, request.body, timeZone);
      if (request.body.journal_type.startsWith('daily') && request.body.date) {
        // With sync_journal on, the day's journal also goes to the calendar.
        await afterDailyJournalSaved(ctx, userId, request.body.date);
      }
      return saved;
    },
  );

  r.get(
    '/api/notes/daily/:date',
    {
      schema: {
        tags,
        operationId: 'journal.getDailyNote',
        summary: 'The daily note of a date (exists false and empty content when none was written)',
        params: dailyNoteParams,
        response: { 200: dailyNote, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await service.getDailyNoteJson(ctx.db, userOf(request).id, request.params.date)),
  );

  r.post(
    '/api/notes/daily/:date',
    {
      schema: {
        tags,
        operationId: 'journal.saveDailyNote',
        summary: 'Save the daily note of a date: its text and the structured parts found in it',
        params: dailyNoteParams,
        body: saveDailyNoteRequest,
        response: { 200: dailyNote, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const saved = await service.saveDailyNote(
        ctx.db,
        userId,
        request.params.date,
        request.body.content,
        request.body.structured_data,
      );
      await afterDailyJournalSaved(ctx, userId, request.params.date, saved);
      return saved;
    },
  );
}
