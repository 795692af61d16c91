import { SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX, SEARCH_TYPES } from '#common/api/search.js';
import { search } from '../../features/search/service.js';
import { defineTool, type ToolDef, z } from './define.js';

const hit = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  snippet: z.string().describe('Text around the match; matched words are wrapped in **'),
});

export const searchTools: ToolDef[] = [
  defineTool({
    name: 'search',
    title: 'Search everything',
    description:
      "Full-text search over the user's daily notes, plain notes, weekly plans, meeting transcripts and todos. Best matches first, with date and snippet. Words are matched in any form (walk, walking); all words must appear. Read a daily note in full with journal_get_daily_note and its date.",
    input: {
      query: z.string().min(1).max(SEARCH_QUERY_MAX).describe('Words to look for'),
      type: z.enum(SEARCH_TYPES).optional().describe('Only this kind of entry'),
      limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(10),
    },
    output: { query: z.string(), results: z.array(hit) },
    write: false,
    async run(t, { query, type, limit }) {
      const res = await search(t.ctx.reader, t.ctx.dialect, t.user.id, { q: query, type, limit });
      const results = res.results.map((r) => ({
        ...r,
        snippet: r.snippet.map((p) => (p.match ? `**${p.text}**` : p.text)).join(''),
      }));
      const text = results.length
        ? results.map((r) => `${r.date} · ${r.type} · ${r.title} (id ${r.id})\n  ${r.snippet}`).join('\n')
        : `Nothing found for "${query}".`;
      return { data: { query, results }, text };
    },
  }),
];
