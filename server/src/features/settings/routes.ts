import { errors } from '#common/api/common.js';
import { saveSettingsRequest, settingsResponse } from '#common/api/settings.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import * as service from './service.js';

const tags = ['settings'];

/** GET/PUT /api/settings: workout equipment and preferences (part 2 §3) and the user's time zone. */
export async function settingsRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/settings',
    {
      schema: {
        tags,
        operationId: 'settings.get',
        summary:
          'Settings: workout equipment and preferences as JSON strings (defaults when never saved), the time zone and whether an AI model is connected',
        response: { 200: settingsResponse, ...errors(401) },
      },
    },
    async (request, reply) => sendJson(reply, await service.getSettingsJson(ctx.db, userOf(request), ctx.ai.enabled)),
  );

  r.put(
    '/api/settings',
    {
      schema: {
        tags,
        operationId: 'settings.save',
        summary: 'Save settings; fields left out keep their value. An unknown time zone is refused.',
        body: saveSettingsRequest,
        response: { 200: settingsResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => service.saveSettings(ctx.db, userOf(request), request.body, ctx.ai.enabled),
  );
}
