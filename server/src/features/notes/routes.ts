import { authErrors } from '../../../../common/src/api/common.js';
import {
  headlinesQuery,
  headlinesResponse,
  noteContent,
  noteContentParams,
} from '../../../../common/src/api/journal.js';
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
        summary: 'Journal entries and transcripts grouped by date, newest first (page counts entries)',
        querystring: headlinesQuery,
        response: { 200: headlinesResponse, ...authErrors },
      },
    },
    async (request) => listHeadlines(ctx.db, userOf(request).id, request.query),
  );

  r.get(
    '/api/notes/content/:type/:id',
    {
      schema: {
        tags,
        summary: 'The full entry behind a headline',
        params: noteContentParams,
        response: { 200: noteContent, ...authErrors },
      },
    },
    async (request) => getNoteContent(ctx.db, userOf(request).id, request.params.type, request.params.id),
  );
}
