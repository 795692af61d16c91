import type { FastifyReply } from 'fastify';
import { errors, noContent } from '#common/api/common.js';
import {
  actionItemsResponse,
  bulkDeleteResponse,
  bulkDeleteTranscriptsRequest,
  confirmActionItemsRequest,
  confirmActionItemsResponse,
  importTranscriptRequest,
  importTranscriptResponse,
  listTranscriptsQuery,
  TRANSCRIPT_BODY_LIMIT,
  TRANSCRIPT_IMPORT_MAX_BYTES,
  TRANSCRIPT_PAGE_MAX,
  transcript,
  transcriptBody,
  transcriptDateParams,
  transcriptDaysQuery,
  transcriptIdParams,
  transcriptRangeParams,
  transcriptSummariesResponse,
  transcriptSummaryPage,
} from '#common/api/transcripts.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { importTranscriptFile } from './importFile.js';
import * as repo from './repo.js';
import * as service from './service.js';

const tags = ['transcripts'];
/** Reads: bad parameters, no session. */
const read = errors(400, 401);
/** Reads of one transcript also answer 404 (missing, or another user's). */
const readOne = errors(400, 401, 404);
/** Writes: also a foreign origin (403) and a body past the route's limit (413). */
const write = errors(400, 401, 403, 413);
const writeOne = errors(400, 401, 403, 404, 413);
const DAYS_PAGING = `Paged: limit (default and at most ${TRANSCRIPT_PAGE_MAX}) summaries from offset; a page with fewer than limit is the last. Ordered by day, then by when each was recorded, then by id, so pages never overlap.`;

export async function transcriptRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  // Whole transcripts are long: these routes take 5 MiB, or the server's limit if it is higher.
  const bodyLimit = Math.max(TRANSCRIPT_BODY_LIMIT, ctx.config.bodyLimit);

  // A page of summaries, as the answer's JSON text (both list routes answer the same pages).
  const sendSummaryPage = async (reply: FastifyReply, userId: number, page: { limit: number; offset: number }) =>
    sendJson(reply, await repo.listSummaryPageJson(ctx.db, ctx.dialect, userId, page.limit, page.offset));

  r.get(
    '/api/transcripts',
    {
      schema: {
        operationId: 'transcripts.list',
        tags,
        summary:
          'The user’s transcripts without their texts (length and opening instead), most recently recorded first, a page at a time; the text comes from GET /api/transcripts/{id}',
        querystring: listTranscriptsQuery,
        response: { 200: transcriptSummaryPage, ...read },
      },
    },
    async (request, reply) => sendSummaryPage(reply, userOf(request).id, request.query),
  );

  r.get(
    '/api/transcripts/summaries',
    {
      schema: {
        operationId: 'transcripts.summaries',
        tags,
        summary: 'The same pages as the list (kept for existing clients)',
        querystring: listTranscriptsQuery,
        response: { 200: transcriptSummaryPage, ...read },
      },
    },
    async (request, reply) => sendSummaryPage(reply, userOf(request).id, request.query),
  );

  r.get(
    '/api/transcripts/date/:date',
    {
      schema: {
        operationId: 'transcripts.byDate',
        tags,
        summary: 'Transcripts of one day (a day of the user’s own calendar), without their texts',
        description: DAYS_PAGING,
        params: transcriptDateParams,
        querystring: transcriptDaysQuery,
        response: { 200: transcriptSummariesResponse, ...read },
      },
    },
    async (request) =>
      repo.listSummariesBetween(ctx.db, userOf(request).id, request.params.date, request.params.date, request.query),
  );

  r.get(
    '/api/transcripts/range/:startDate/:endDate',
    {
      schema: {
        operationId: 'transcripts.range',
        tags,
        summary: 'Transcripts whose day lies between the two dates, both included, without their texts',
        description: DAYS_PAGING,
        params: transcriptRangeParams,
        querystring: transcriptDaysQuery,
        response: { 200: transcriptSummariesResponse, ...read },
      },
    },
    async (request) =>
      repo.listSummariesBetween(
        ctx.db,
        userOf(request).id,
        request.params.startDate,
        request.params.endDate,
        request.query,
      ),
  );

  r.get(
    '/api/transcripts/:id',
    {
      schema: {
        operationId: 'transcripts.get',
        tags,
        summary: 'One transcript',
        params: transcriptIdParams,
        response: { 200: transcript, ...readOne },
      },
    },
    async (request) => service.get(ctx.db, userOf(request).id, request.params.id),
  );

  r.post(
    '/api/transcripts',
    {
      bodyLimit,
      schema: {
        operationId: 'transcripts.create',
        tags,
        summary: `Save a transcript (title, content and date required, checked in that order); body up to ${TRANSCRIPT_BODY_LIMIT / 1024 / 1024} MiB`,
        body: transcriptBody,
        response: { 201: transcript, ...write },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(ctx.db, userOf(request).id, request.body)),
  );

  r.post(
    '/api/transcripts/import',
    {
      bodyLimit,
      schema: {
        operationId: 'transcripts.import',
        tags,
        summary:
          'Turn a .vtt, .srt, .txt or .docx file into transcript content: speakers named, one paragraph per turn with its start time (saves nothing)',
        description: `Send the file’s text as \`text\`, or its bytes in base64 as \`base64\` (the encoding is then found from the byte-order mark, else UTF-8, else Windows-1252; a .docx only this way). Speakers come from WebVTT voice tags (Teams), Webex cue identifiers, “Name: text” lines (Zoom, Meet) and the speaker lines of Teams and Zoom documents. Files up to ${TRANSCRIPT_IMPORT_MAX_BYTES.toLocaleString('en-US')} bytes.`,
        body: importTranscriptRequest,
        response: { 200: importTranscriptResponse, ...write },
      },
    },
    async (request) => importTranscriptFile(request.body),
  );

  r.post(
    '/api/transcripts/bulk-delete',
    {
      schema: {
        operationId: 'transcripts.bulkDelete',
        tags,
        summary: 'Delete many transcripts in one transaction; ids that are not the user’s are ignored',
        body: bulkDeleteTranscriptsRequest,
        response: { 200: bulkDeleteResponse, ...write },
      },
    },
    async (request) => service.removeMany(ctx.db, userOf(request).id, request.body.ids),
  );

  r.put(
    '/api/transcripts/:id',
    {
      bodyLimit,
      schema: {
        operationId: 'transcripts.update',
        tags,
        summary: 'Replace a transcript’s fields (same body and rules as creating)',
        params: transcriptIdParams,
        body: transcriptBody,
        response: { 200: transcript, ...writeOne },
      },
    },
    async (request) => service.update(ctx.db, userOf(request).id, request.params.id, request.body),
  );

  r.delete(
    '/api/transcripts/:id',
    {
      schema: {
        operationId: 'transcripts.delete',
        tags,
        summary: 'Delete a transcript',
        params: transcriptIdParams,
        response: { 204: noContent, ...writeOne },
      },
    },
    async (request, reply) => {
      await service.remove(ctx.db, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/transcripts/action-items/:id',
    {
      schema: {
        operationId: 'transcripts.actionItems',
        tags,
        summary: 'Propose action items from the transcript (nothing is saved)',
        params: transcriptIdParams,
        response: { 200: actionItemsResponse, ...writeOne },
      },
    },
    async (request) => service.actionItems(ctx, userOf(request).id, request.params.id),
  );

  r.post(
    '/api/transcripts/action-items/:id/confirm',
    {
      schema: {
        operationId: 'transcripts.confirmActionItems',
        tags,
        summary: 'Create the ticked action items as todos, each naming the meeting',
        params: transcriptIdParams,
        body: confirmActionItemsRequest,
        response: { 201: confirmActionItemsResponse, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.confirmActionItems(ctx.db, userOf(request).id, request.params.id, request.body.items)),
  );
}
