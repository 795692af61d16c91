import { z } from 'zod';
import { errors } from '#common/api/common.js';
import { DATA_TEXT, importQuery, importReport } from '#common/api/dataTransfer.js';
import { todayIn } from '#common/time.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { exportZip } from './exportData.js';
import { importExport, readExport } from './importData.js';

const tags = ['data'];
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

export async function dataTransferRoutes(app: App, ctx: AppContext) {
  const limit = ctx.config.importMaxBytes;
  const tooLarge = DATA_TEXT.tooLarge(limit);

  // A scope of its own, so the zip body parser applies to the import route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(ZIP_TYPES, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) =>
      done(null, body),
    );
    const r = typed(scope);

    r.get(
      '/api/export',
      {
        schema: {
          operationId: 'data.export',
          tags,
          summary:
            'Everything of the signed-in user as a zip: daymark.json (every table, with its schema version) and readable Markdown; streamed',
          produces: ['application/zip'],
          response: { 200: z.any().describe('The zip'), ...errors(401) },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const name = `daymark-${user.username.replace(/[^\w.-]+/g, '_')}-${todayIn(user.timeZone)}.zip`;
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(exportZip(ctx.db, user));
      },
    );

    r.post(
      '/api/import',
      {
        schema: {
          operationId: 'data.import',
          tags,
          summary:
            'Import an export zip (application/zip body) into the signed-in account in one transaction; dryRun=true only reports what would be added, skipped and rejected',
          querystring: importQuery,
          consumes: ZIP_TYPES,
          response: { 200: importReport, ...errors(400, 401, 403, 409, 413, 415) },
        },
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > limit) throw new HttpError(413, tooLarge);
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new HttpError(400, DATA_TEXT.notZip);
        const doc = readExport(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
        return importExport(ctx.db, userOf(request).id, doc, request.query.dryRun);
      },
    );
  });
}
