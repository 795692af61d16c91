import { z } from 'zod';
import {
  authUrlQuery,
  authUrlResponse,
  calendarConnection,
  calendarEventList,
  calendarList,
  connectCaldavRequest,
  connectIcsRequest,
  connectionIdParams,
  connectionsResponse,
  disconnectResponse,
  eventsRangeQuery,
  freeSlotsQuery,
  freeSlotsResponse,
  isAuthenticatedResponse,
  oauthCallbackQuery,
  oauthCallbackResponse,
  refreshResponse,
  saveSyncSettingsRequest,
  syncSettings,
  syncWorkoutResponse,
  TODAY_MAX_EVENTS,
} from '#common/api/calendar.js';
import { errorResponse, errors } from '#common/api/common.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { secretBox } from '../../secrets.js';
import { todayInZone } from '../../time/dayStarts.js';
import { startAutoSync } from './autoSync.js';
import { freeSlots } from './freeSlots.js';
import { authUrl, handleCallback } from './oauth.js';
import * as service from './service.js';
import { syncWorkout } from './workoutSync.js';

const tags = ['calendar'];
const errorJson = { 'application/json': { schema: errorResponse } };
/** Data calls: 401 also when the Google connection expired and no other works (body code AUTH_EXPIRED). */
const expired = {
  401: {
    description:
      'Not signed in, or the Google Calendar connection expired and no other calendar connection works: then the body has code AUTH_EXPIRED (reconnect; the session is fine). While another connection works, its events are served and the expired one is left out',
    content: errorJson,
  },
};
/** Calls that reach a calendar server. */
const upstream = {
  502: {
    description: 'The calendar server (Google, CalDAV or the .ics host) failed; the message names what',
    content: errorJson,
  },
};
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function calendarRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  // The key file is created on first start, not on the first connection.
  secretBox(ctx.config);
  startAutoSync(app, ctx);

  r.get(
    '/api/calendar/auth-url',
    {
      schema: {
        tags,
        operationId: 'calendar.authUrl',
        summary: 'Google authorization URL (state + PKCE); redirect URI from GOOGLE_REDIRECT_URI or baseUrl',
        querystring: authUrlQuery,
        response: { 200: authUrlResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const origin = `${request.protocol}://${request.host}`;
      if (!ctx.config.google.clientId || !ctx.config.google.clientSecret)
        request.log.warn(
          'Google Calendar sign-in asked for, but GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set',
        );
      return { authUrl: await authUrl(ctx, userOf(request).id, request.query.baseUrl, origin) };
    },
  );

  r.get(
    '/api/calendar/is-authenticated',
    {
      schema: {
        tags,
        operationId: 'calendar.isAuthenticated',
        summary: 'True when at least one calendar connection works (an expired one beside it does not count)',
        response: { 200: isAuthenticatedResponse, ...errors(401) },
      },
    },
    async (request) => ({ isAuthenticated: await service.isAuthenticated(ctx.db, userOf(request).id) }),
  );

  r.get(
    '/api/calendar/oauth-callback',
    {
      schema: {
        tags,
        operationId: 'calendar.oauthCallback',
        summary: 'Completes the Google authorization (checks state and PKCE); failures are success:false',
        querystring: oauthCallbackQuery,
        response: { 200: oauthCallbackResponse, ...errors(400, 401) },
      },
    },
    async (request) => handleCallback(ctx, userOf(request).id, request.query),
  );

  r.post(
    '/api/calendar/revoke',
    {
      schema: {
        tags,
        operationId: 'calendar.revokeGoogle',
        summary: 'Disconnect Google Calendar (revokes the token at Google, forgets its events)',
        response: { 200: disconnectResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => {
      await service.disconnect(ctx, userOf(request).id, 'google');
      return { success: true as const, message: 'Disconnected from Google Calendar' };
    },
  );

  r.get(
    '/api/calendar/connections',
    {
      schema: {
        tags,
        operationId: 'calendar.connections',
        summary: 'Connected calendars (Google, CalDAV, .ics) with their status',
        response: { 200: connectionsResponse, ...errors(401) },
      },
    },
    async (request) => service.listConnections(ctx, userOf(request).id),
  );

  r.post(
    '/api/calendar/caldav',
    {
      schema: {
        tags,
        operationId: 'calendar.connectCaldav',
        summary: 'Connect a CalDAV account (replaces an earlier one); checked before it is saved',
        body: connectCaldavRequest,
        response: { 201: calendarConnection, ...errors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.connectCaldav(ctx, userOf(request).id, request.body)),
  );

  r.delete(
    '/api/calendar/caldav',
    {
      schema: {
        tags,
        operationId: 'calendar.disconnectCaldav',
        summary: 'Disconnect CalDAV',
        response: { 200: disconnectResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => {
      await service.disconnect(ctx, userOf(request).id, 'caldav');
      return { success: true as const, message: 'Disconnected from CalDAV' };
    },
  );

  r.post(
    '/api/calendar/ics',
    {
      schema: {
        tags,
        operationId: 'calendar.subscribeIcs',
        summary: 'Subscribe to an .ics calendar URL (read-only)',
        body: connectIcsRequest,
        response: { 201: calendarConnection, ...errors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.connectIcs(ctx, userOf(request).id, request.body)),
  );

  r.delete(
    '/api/calendar/ics/:id',
    {
      schema: {
        tags,
        operationId: 'calendar.unsubscribeIcs',
        summary: 'Remove an .ics subscription',
        params: connectionIdParams,
        response: { 200: disconnectResponse, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      await service.disconnect(ctx, userOf(request).id, 'ics', request.params.id);
      return { success: true as const, message: 'Subscription removed' };
    },
  );

  r.get(
    '/api/calendar/sync-settings',
    {
      schema: {
        tags,
        operationId: 'calendar.getSyncSettings',
        summary: 'Sync settings (§3 defaults)',
        response: { 200: syncSettings, ...errors(401) },
      },
    },
    async (request) => service.getSyncSettings(ctx.db, userOf(request).id),
  );

  r.put(
    '/api/calendar/sync-settings',
    {
      schema: {
        tags,
        operationId: 'calendar.saveSyncSettings',
        summary: "Save sync settings; selected_calendars must be the user's calendars",
        body: saveSyncSettingsRequest,
        response: { 200: syncSettings, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => service.saveSyncSettings(ctx.db, userOf(request).id, request.body),
  );

  r.get(
    '/api/calendar/calendars',
    {
      schema: {
        tags,
        operationId: 'calendar.calendars',
        summary: "Available calendars, each saying whether its connection's authorization expired",
        response: { 200: calendarList, ...expired },
      },
    },
    async (request) => {
      await service.refreshForRead(ctx, userOf(request).id, false);
      return service.listCalendars(ctx.db, userOf(request).id);
    },
  );

  r.get(
    '/api/calendar/events',
    {
      schema: {
        tags,
        operationId: 'calendar.today',
        summary: "Today's events in the user's zone (at most 50)",
        response: { 200: calendarEventList, ...expired },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const known = await service.refreshForRead(ctx, user.id, false);
      const today = todayInZone(user.timeZone);
      const json = await service.eventsInRangeJson(
        ctx,
        user.id,
        { fromDate: today, toDate: today, maxResults: TODAY_MAX_EVENTS, zone: user.timeZone },
        known,
      );
      return sendJson(reply, json);
    },
  );

  r.get(
    '/api/calendar/events/range',
    {
      schema: {
        tags,
        operationId: 'calendar.range',
        summary: "Events from startDate to endDate (inclusive, the user's zone), grouped order",
        querystring: eventsRangeQuery,
        response: { 200: calendarEventList, ...errors(400), ...expired, ...upstream },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const q = request.query;
      const known = await service.refreshForRead(ctx, user.id, q.refresh === 'true');
      const json = await service.eventsInRangeJson(
        ctx,
        user.id,
        { fromDate: q.startDate, toDate: q.endDate ?? q.startDate, maxResults: q.maxResults, zone: user.timeZone },
        known,
      );
      return sendJson(reply, json);
    },
  );

  r.get(
    '/api/calendar/free-slots',
    {
      schema: {
        tags,
        operationId: 'calendar.freeSlots',
        summary: 'Free slots between 07:00 and 21:00 in the user zone over the next days',
        querystring: freeSlotsQuery,
        response: { 200: freeSlotsResponse, ...errors(400), ...expired },
      },
    },
    async (request) => {
      const user = userOf(request);
      await service.refreshForRead(ctx, user.id, false);
      return freeSlots(ctx, user.id, { ...request.query, zone: user.timeZone });
    },
  );

  r.post(
    '/api/calendar/refresh',
    {
      schema: {
        tags,
        operationId: 'calendar.refresh',
        summary: 'Refresh every connected calendar now (one that expires or fails does not stop the others)',
        response: { 200: refreshResponse, ...errors(400, 403, 413), ...expired, ...upstream },
      },
    },
    async (request) => service.refreshAll(ctx, userOf(request).id),
  );

  r.post(
    '/api/calendar/sync-workout/:id',
    {
      schema: {
        tags,
        operationId: 'calendar.syncWorkout',
        summary: 'Write a workout plan to the calendar; a second sync updates the same event',
        params: idParams,
        response: { 200: syncWorkoutResponse, ...errors(400, 403, 404, 413), ...expired, ...upstream },
      },
    },
    async (request) => syncWorkout(ctx, userOf(request).id, request.params.id),
  );
}
