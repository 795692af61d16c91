import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import {
  activityIdParams,
  activityListQuery,
  activityListResponse,
  activityResponse,
  type ImportEvent,
  importEvent,
  importQuery,
} from '#common/api/activities.js';
import { errors } from '#common/api/common.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { writeNow } from '../../http/sse.js';
import { formatMb } from './read/index.js';
import { deleteActivity, getActivity, getOriginal, listActivities } from './repo.js';
import { importUpload } from './service.js';

const tags = ['activities'];
const UPLOAD_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/gzip',
  'application/x-zip-compressed',
];

const tooLarge = (limit: number) => `The file is larger than ${formatMb(limit)}, the most an import accepts.`;

/** Copies the upload to a temporary file, refusing it once it passes `limit` bytes. */
async function saveUpload(body: Readable, file: string, limit: number) {
  let bytes = 0;
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        bytes += chunk.length;
        if (bytes > limit) throw new HttpError(413, tooLarge(limit));
        yield chunk;
      }
    },
    fs.createWriteStream(file),
  );
  if (bytes === 0) throw new HttpError(400, 'The upload is empty: choose an activity file or an export.');
}

/** Activities from watch and bike-computer files: import, list, read, delete, the original file. */
export async function activityRoutes(app: App, ctx: AppContext) {
  const limit = ctx.config.activityImportMaxBytes;

  // A scope of its own, so the streaming body parser applies to the import route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, { bodyLimit: limit }, (_req, payload, done) => done(null, payload));
    const r = typed(scope);

    r.post(
      '/api/activities/import',
      {
        schema: {
          tags,
          operationId: 'activities.import',
          summary:
            'Import an activity file (.fit, .gpx, .tcx, each maybe gzipped) or a Strava/Garmin export zip; the raw file is the body',
          description:
            'Answers with one JSON object a line (application/x-ndjson): `progress` lines while an export is read, then one `done` line with what was imported, what was already there and the files that could not be read, each with its reason. The same activity imported again adds nothing. An upload refused as a whole (too large, not an activity file or export, a single file that cannot be read) answers 400 or 413.',
          querystring: importQuery,
          consumes: UPLOAD_TYPES,
          response: {
            200: {
              description: 'NDJSON lines, each an ActivityImportEvent',
              content: { 'application/x-ndjson': { schema: importEvent } },
            },
            ...errors(400, 401, 403, 413, 415),
          },
        },
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > limit) throw new HttpError(413, tooLarge(limit));
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const body = request.body as unknown;
        if (!body || typeof (body as Readable).pipe !== 'function') {
          throw new HttpError(400, 'The upload is empty: choose an activity file or an export.');
        }
        const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'daymark-activities-'));
        const file = path.join(dir, 'upload');
        try {
          await saveUpload(body as Readable, file, limit);
          // The answer starts with the first progress line (or the result), so a refusal found
          // before then is still an ordinary 400 or 413.
          let started = false;
          const start = () => {
            if (started) return;
            started = true;
            reply.hijack();
            reply.raw.writeHead(200, {
              'content-type': 'application/x-ndjson; charset=utf-8',
              'cache-control': 'no-store',
              'x-accel-buffering': 'no',
              'x-content-type-options': 'nosniff',
            });
          };
          let lastSent = 0;
          const send = (e: ImportEvent) => {
            start();
            writeNow(reply.raw, `${JSON.stringify(e)}\n`);
          };
          let result: ImportEvent;
          try {
            result = await importUpload(
              ctx.db,
              user,
              file,
              request.query.name,
              (done, total) => {
                // A line at most every 100 ms, and the first and last always.
                const now = Date.now();
                if (done !== 0 && done !== total && now - lastSent < 100) return;
                lastSent = now;
                send({ type: 'progress', done, total });
              },
              request.log,
            );
          } catch (err) {
            if (!started) throw err;
            request.log.error({ err }, 'an activity import failed after it had started');
            result = {
              type: 'done',
              imported: 0,
              duplicates: 0,
              attached: 0,
              failed: [{ file: request.query.name, reason: 'the import stopped on an unexpected error' }],
              dates: [],
            };
          }
          send(result);
          reply.raw.end();
        } finally {
          await fsp.rm(dir, { recursive: true, force: true });
        }
      },
    );
  });

  const r = typed(app);

  r.get(
    '/api/activities',
    {
      schema: {
        tags,
        operationId: 'activities.list',
        summary: 'Imported activities, newest first, a page at a time (or those of one local date)',
        querystring: activityListQuery,
        response: { 200: activityListResponse, ...errors(400, 401) },
      },
    },
    async (request) => listActivities(ctx.db, userOf(request).id, request.query),
  );

  r.get(
    '/api/activities/:id',
    {
      schema: {
        tags,
        operationId: 'activities.get',
        summary: 'One imported activity with its laps and its route (thinned for a map)',
        params: activityIdParams,
        response: { 200: activityResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const activity = await getActivity(ctx.db, userOf(request).id, request.params.id);
      if (!activity) throw new HttpError(404, 'Activity not found');
      return { activity };
    },
  );

  r.get(
    '/api/activities/:id/original',
    {
      schema: {
        tags,
        operationId: 'activities.original',
        summary: 'The original file the activity was imported from',
        params: activityIdParams,
        produces: ['application/octet-stream'],
        response: { 200: z.any().describe('The file'), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const row = await getOriginal(ctx.db, userOf(request).id, request.params.id);
      if (!row) throw new HttpError(404, 'Activity not found');
      const name =
        path
          .basename(row.file_name)
          .replace(/\.gz$/i, '')
          .replace(/[^\w.-]+/g, '_') || `activity.${row.format}`;
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(gunzipSync(Buffer.from(row.data, 'base64')));
    },
  );

  r.delete(
    '/api/activities/:id',
    {
      schema: {
        tags,
        operationId: 'activities.delete',
        summary: 'Delete an imported activity and its original file (the log of its day stays)',
        params: activityIdParams,
        response: { 204: z.null(), ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      if (!(await deleteActivity(ctx.db, userOf(request).id, request.params.id))) {
        throw new HttpError(404, 'Activity not found');
      }
      return reply.code(204).send(null);
    },
  );
}
