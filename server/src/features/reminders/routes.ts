import { z } from 'zod';
import { errors, noContent } from '#common/api/common.js';
import {
  channel,
  channelInput,
  channelParams,
  deliveriesQuery,
  deliveriesResponse,
  pushSubscriptionInput,
  pushUnsubscribe,
  reminderSettings,
  remindersResponse,
  testResult,
} from '#common/api/reminders.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import * as service from './service.js';

const tags = ['reminders'];
const channelResponse = z.object({ channel });

/** Reminders: when they come, the channels they come through, a test send, the delivery log. */
export async function reminderRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/reminders',
    {
      schema: {
        tags,
        operationId: 'reminders.get',
        summary: "The reminder settings, the user's channels (no secrets) and what this server offers",
        response: { 200: remindersResponse, ...errors(401) },
      },
    },
    async (request) => service.getReminders(ctx, userOf(request).id),
  );

  r.put(
    '/api/reminders/settings',
    {
      schema: {
        tags,
        operationId: 'reminders.saveSettings',
        summary: 'When reminders come, in the user’s zone: before a session, the journal, Sunday’s plan, quiet hours',
        body: reminderSettings,
        response: { 200: z.object({ settings: reminderSettings }), ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => service.saveSettings(ctx, userOf(request).id, request.body),
  );

  r.post(
    '/api/reminders/channels',
    {
      schema: {
        tags,
        operationId: 'reminders.createChannel',
        summary: 'Add a channel (e-mail, ntfy, Gotify or a webhook); its token or signing key is stored sealed',
        body: channelInput,
        response: { 201: channelResponse, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createChannel(ctx, userOf(request).id, request.body)),
  );

  r.put(
    '/api/reminders/channels/:id',
    {
      schema: {
        tags,
        operationId: 'reminders.updateChannel',
        summary: 'Save a channel; an empty token or key keeps the saved one; saving clears a broken mark',
        params: channelParams,
        body: channelInput,
        response: { 200: channelResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => service.updateChannel(ctx, userOf(request).id, request.params.id, request.body),
  );

  r.delete(
    '/api/reminders/channels/:id',
    {
      schema: {
        tags,
        operationId: 'reminders.deleteChannel',
        summary: 'Delete a channel with its devices and its entries in the delivery log',
        params: channelParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await service.deleteChannel(ctx, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/reminders/channels/:id/test',
    {
      schema: {
        tags,
        operationId: 'reminders.testChannel',
        summary: 'Send a test through the channel now; the answer says whether it went through, and why not',
        params: channelParams,
        response: { 200: testResult, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => service.testChannel(ctx, userOf(request).id, request.params.id),
  );

  r.post(
    '/api/reminders/push-subscriptions',
    {
      schema: {
        tags,
        operationId: 'reminders.subscribePush',
        summary: "Turn on this browser's notifications (its PushSubscription); the first device makes the channel",
        body: pushSubscriptionInput,
        response: { 201: channelResponse, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.subscribePush(ctx, userOf(request).id, request.body)),
  );

  r.delete(
    '/api/reminders/push-subscriptions',
    {
      schema: {
        tags,
        operationId: 'reminders.unsubscribePush',
        summary: "Turn off a browser's notifications",
        body: pushUnsubscribe,
        response: { 204: noContent, ...errors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      await service.unsubscribePush(ctx, userOf(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/reminders/deliveries',
    {
      schema: {
        tags,
        operationId: 'reminders.deliveries',
        summary: 'The delivery log, newest first: when, through which channel, what, and how it went',
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse, ...errors(400, 401) },
      },
    },
    async (request) => service.listDeliveries(ctx, userOf(request).id, request.query.before),
  );
}
