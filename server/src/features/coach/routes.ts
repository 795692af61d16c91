import { z } from 'zod';
import {
  bulkDeleteConversationsRequest,
  chatRequest,
  chatResponse,
  chatStreamEvent,
  coachMeta,
  coachType,
  conversation,
  conversationDetail,
  conversationQuery,
  conversationsResponse,
  conversationUuid,
  listConversationsQuery,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  renameRequest,
  resetAllResponse,
  saveCoachMetaRequest,
} from '#common/api/coach.js';
import { bulkDeleteResponse, errors, noContent } from '#common/api/common.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { sendJson } from '../../http/serializer.js';
import { CoachService } from './service.js';
import { writeSse } from './sse.js';

const tags = ['coach'];
const uuidParams = z.object({ uuid: conversationUuid });
const typeParams = z.object({ coachType });

export async function coachRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const service = new CoachService(ctx);

  r.get(
    '/api/coach/conversations',
    {
      schema: {
        tags,
        operationId: 'coach.listConversations',
        summary: 'Your conversations, most recently updated first, a page at a time',
        description:
          'Paged: limit (default 100, at most 500) from offset; a page shorter than limit is the last. coachTypes keeps only those coaches.',
        querystring: listConversationsQuery,
        response: { 200: conversationsResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) => sendJson(reply, await service.listJson(userOf(request).id, request.query)),
  );

  r.get(
    '/api/coach/conversations/:uuid',
    {
      schema: {
        tags,
        operationId: 'coach.getConversation',
        summary: 'A conversation and its messages',
        description: `Messages oldest first, the latest limit (default ${MESSAGES_PAGE_DEFAULT}, at most ${MESSAGES_PAGE_MAX}) after skipping offset of the newest; has_earlier tells whether older ones exist (the next window is offset + limit).`,
        params: uuidParams,
        querystring: conversationQuery,
        response: { 200: conversationDetail, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.get(userOf(request).id, request.params.uuid, request.query),
  );

  r.put(
    '/api/coach/conversations/:uuid/title',
    {
      schema: {
        tags,
        operationId: 'coach.renameConversation',
        summary: 'Rename a conversation',
        params: uuidParams,
        body: renameRequest,
        response: { 200: conversation, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => service.rename(userOf(request).id, request.params.uuid, request.body.title),
  );

  r.delete(
    '/api/coach/conversations/:uuid',
    {
      schema: {
        tags,
        operationId: 'coach.deleteConversation',
        summary: 'Delete a conversation and its messages',
        params: uuidParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await service.remove(userOf(request).id, request.params.uuid);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/coach/conversations/bulk-delete',
    {
      schema: {
        operationId: 'coach.bulkDeleteConversations',
        tags,
        summary: 'Delete many conversations and their messages in one transaction; uuids not yours are ignored',
        body: bulkDeleteConversationsRequest,
        response: { 200: bulkDeleteResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => service.removeMany(userOf(request).id, request.body.uuids),
  );

  r.post(
    '/api/coach/chat',
    {
      schema: {
        tags,
        operationId: 'coach.chat',
        summary: 'Send a message and get the whole reply',
        description:
          'Starts a conversation when conversation_uuid is null. On a provider error the user message stays saved and the answer is 502 with the error.',
        body: chatRequest,
        response: { 200: chatResponse, ...errors(400, 401, 403, 404, 413, 502) },
      },
    },
    async (request) => {
      const user = userOf(request);
      let uuid = '';
      for await (const ev of service.chat(user.id, request.body, {
        logError: (err) => request.log.error({ err }),
        logAiFailure: (failure) => request.log.warn(failure, 'AI provider failed'),
      })) {
        if (ev.type === 'conversation') uuid = ev.conversation_uuid;
        if (ev.type === 'error') throw new HttpError(502, ev.error, { 'x-conversation-uuid': uuid });
        if (ev.type === 'message') return { conversation_uuid: ev.conversation_uuid, message: ev.message };
      }
      throw new Error('chat ended without a reply');
    },
  );

  r.post(
    '/api/coach/chat/stream',
    {
      schema: {
        tags,
        operationId: 'coach.chatStream',
        summary: 'Send a message and receive the reply as server-sent events',
        description:
          'Each event is `data: {json}` with a `type`: conversation (first), delta (text pieces), then message (the saved reply) or error.',
        body: chatRequest,
        response: {
          200: {
            description: 'Server-sent events, each one CoachChatStreamEvent; ends after message or error',
            content: { 'text/event-stream': { schema: chatStreamEvent } },
          },
          ...errors(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // A missing conversation is an ordinary 404 before the stream starts.
      if (request.body.conversation_uuid) await service.owned(user.id, request.body.conversation_uuid);
      const abort = new AbortController();
      await writeSse(
        request,
        reply,
        service.chat(user.id, request.body, {
          signal: abort.signal,
          logError: (err) => request.log.error({ err }, 'coach reply failed'),
          logAiFailure: (failure) => request.log.warn(failure, 'AI provider failed'),
        }),
        abort,
      );
    },
  );

  r.get(
    '/api/coach/meta/:coachType',
    {
      schema: {
        tags,
        operationId: 'coach.getMeta',
        summary: "A coach's prompt settings",
        params: typeParams,
        response: { 200: coachMeta, ...errors(400, 401) },
      },
    },
    async (request, reply) => sendJson(reply, await service.getMetaJson(userOf(request).id, request.params.coachType)),
  );

  r.post(
    '/api/coach/meta/:coachType',
    {
      schema: {
        tags,
        operationId: 'coach.saveMeta',
        summary: "Save a coach's prompt settings",
        params: typeParams,
        body: saveCoachMetaRequest,
        response: { 200: coachMeta, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => service.saveMeta(userOf(request).id, request.params.coachType, request.body),
  );

  r.post(
    '/api/coach/meta/:coachType/reset',
    {
      schema: {
        tags,
        operationId: 'coach.resetMeta',
        summary: "Restore a coach's built-in prompts (the user's meta information stays)",
        params: typeParams,
        response: { 200: coachMeta, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => service.resetMeta(userOf(request).id, request.params.coachType),
  );

  r.post(
    '/api/coach/reset-all-prompts',
    {
      schema: {
        tags,
        operationId: 'coach.resetAllPrompts',
        summary: "Restore every coach's built-in prompts",
        response: { 200: resetAllResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => ({ coaches: await service.resetAll(userOf(request).id) }),
  );
}
