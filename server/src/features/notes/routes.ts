import { errors } from '#common/api/common.js';
import { headlinesQuery, headlinesResponse, noteContent, noteContentParams } from '#common/api/journal.js';
import { LIST_OFFSET_MAX, NOTES_MAX_PAGE_SIZE, NOTES_PAGE_SIZE } from '#common/journalConstants.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { getNoteContent, listHeadlines } from './service.js';

const tags = ['notes'];

export async function notesRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/notes/headlines',
    {
      schema: {
        tags,
        operationId: 'notes.listHeadlines',
        summary: 'Journal entries and transcripts grouped by date, newest first (page counts entries)',
        description: `Paged: limit (default ${NOTES_PAGE_SIZE}, at most ${NOTES_MAX_PAGE_SIZE}) entries from offset (at most ${LIST_OFFSET_MAX}); a page with fewer entries than limit is the last. Ordered by date, then time, then id, so pages never overlap; a date may continue on the next page.`,
        querystring: headlinesQuery,
        response: { 200: headlinesResponse, ...errors(400, 401) },
      },
    },
    async (request) => listHeadlines(ctx.db, userOf(request).id, request.query),
  );

  r.get(
    '/api/notes/content/:type/:id',
    {
      schema: {
        tags,
        operationId: 'notes.getContent',
        summary: 'The full entry behind a headline',
        params: noteContentParams,
        response: { 200: noteContent, ...errors(400, 401, 404) },
      },
    },
    async (request) => getNoteContent(ctx.db, userOf(request).id, request.params.type, request.params.id),
  );
}
