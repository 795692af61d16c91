import { errors } from '#common/api/common.js';
import {
  SEARCH_CANDIDATES,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_OFFSET_MAX,
  searchQuery,
  searchResponse,
} from '#common/api/search.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { search } from './service.js';

export async function searchRoutes(app: App, ctx: AppContext) {
  typed(app).get(
    '/api/search',
    {
      schema: {
        operationId: 'search.query',
        tags: ['search'],
        summary: 'Full-text search over daily notes, notes, weekly plans, transcripts and todos',
        description: `Best matches first, each with its date and a snippet whose \`match\` parts are the words found. Words are stemmed (English); the last word also matches as a prefix; quotes and operators are read as plain text. Paged: limit (default ${SEARCH_LIMIT_DEFAULT}, at most ${SEARCH_LIMIT_MAX}) from offset (at most ${SEARCH_OFFSET_MAX}); a page shorter than limit is the last. Only the ${SEARCH_CANDIDATES} most recent matching entries are ranked, so a word found in more entries finds the best of its recent ones.`,
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors(400, 401) },
      },
    },
    async (request) => search(ctx.reader, ctx.dialect, userOf(request).id, request.query),
  );
}
