import { z } from 'zod';
import {
  authUrlQuery,
  authUrlResponse,
  calendarConnection,
  calendarErrors,
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
} from '../../../../common/src/api/calendar.js';
import { todayIn } from '../../../../common/src/time.js';
import { secretBox } from '../../calendar/secrets.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { startAutoSync } from './autoSync.js';
import { freeSlots } from './freeSlots.js';
import { authUrl, handleCallback } from './oauth.js';
import * as service from './service.js';
import { syncWorkout } from './workoutSync.js';

const tags = ['calendar'];
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
        summary: 'Google authorization URL (state + PKCE); redirect URI from GOOGLE_REDIRECT_URI or baseUrl',
        querystring: authUrlQuery,
        response: { 200: authUrlResponse, ...calendarErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const origin = `${request.protocol}://${request.host}`;
      return { authUrl: await authUrl(ctx, userOf(request).id, request.query.baseUrl, origin) };
    },
  );

  r.get(
    '/api/calendar/is-authenticated',
    {
      schema: {
        tags,
        summary: 'True when a calendar is connected and none has expired',
        response: { 200: isAuthenticatedResponse, ...calendarErrors },
      },
    },
    async (request) => ({ isAuthenticated: await service.isAuthenticated(ctx.db, userOf(request).id) }),
  );

  r.get(
    '/api/calendar/oauth-callback',
    {
      schema: {
        tags,
        summary: 'Completes the Google authorization (checks state and PKCE); failures answer 400',
        querystring: oauthCallbackQuery,
        response: { 200: oauthCallbackResponse, 400: oauthCallbackResponse, 401: calendarErrors[401] },
      },
    },
    async (request, reply) => {
      const result = await handleCallback(ctx, userOf(request).id, request.query);
      return reply.code(result.success ? 200 : 400).send(result);
    },
  );

  r.post(
    '/api/calendar/revoke',
    {
      schema: {
        tags,
        summary: 'Disconnect Google Calendar (revokes the token at Google, forgets its events)',
        response: { 200: disconnectResponse, ...calendarErrors },
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
        summary: 'Connected calendars (Google, CalDAV, .ics) with their status',
        response: { 200: connectionsResponse, ...calendarErrors },
      },
    },
    async (request) => service.listConnections(ctx, userOf(request).id),
  );

  r.post(
    '/api/calendar/caldav',
    {
      schema: {
        tags,
        summary: 'Connect a CalDAV account (replaces an earlier one); checked before it is saved',
        body: connectCaldavRequest,
        response: { 201: calendarConnection, ...calendarErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.connectCaldav(ctx, userOf(request).id, request.body)),
  );

  r.delete(
    '/api/calendar/caldav',
    {
      schema: { tags, summary: 'Disconnect CalDAV', response: { 200: disconnectResponse, ...calendarErrors } },
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
        summary: 'Subscribe to an .ics calendar URL (read-only)',
        body: connectIcsRequest,
        response: { 201: calendarConnection, ...calendarErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.connectIcs(ctx, userOf(request).id, request.body)),
  );

  r.delete(
    '/api/calendar/ics/:id',
    {
      schema: {
        tags,
        summary: 'Remove an .ics subscription',
        params: connectionIdParams,
        response: { 200: disconnectResponse, ...calendarErrors },
      },
    },
    async (request) => {
      await service.disconnect(ctx, userOf(request).id, 'ics', request.params.id);
      return { success: true as const, message: 'Subscription removed' };
    },
  );

  r.get(
    '/api/calendar/sync-settings',
    { schema: { tags, summary: 'Sync settings (§3 defaults)', response: { 200: syncSettings, ...calendarErrors } } },
    async (request) => service.getSyncSettings(ctx.db, userOf(request).id),
  );

  r.put(
    '/api/calendar/sync-settings',
    {
      schema: {
        tags,
        summary: "Save sync settings; selected_calendars must be the user's calendars",
        body: saveSyncSettingsRequest,
        response: { 200: syncSettings, ...calendarErrors },
      },
    },
    async (request) => service.saveSyncSettings(ctx.db, userOf(request).id, request.body),
  );

  r.get(
    '/api/calendar/calendars',
    { schema: { tags, summary: 'Available calendars', response: { 200: calendarList, ...calendarErrors } } },
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
        summary: "Today's events in the user's zone (at most 50)",
        response: { 200: calendarEventList, ...calendarErrors },
      },
    },
    async (request) => {
      const user = userOf(request);
      await service.refreshForRead(ctx, user.id, false);
      const today = todayIn(user.timeZone);
      return service.eventsInRange(ctx, user.id, {
        fromDate: today,
        toDate: today,
        maxResults: TODAY_MAX_EVENTS,
        zone: user.timeZone,
      });
    },
  );

  r.get(
    '/api/calendar/events/range',
    {
      schema: {
        tags,
        summary: "Events from startDate to endDate (inclusive, the user's zone), grouped order",
        querystring: eventsRangeQuery,
        response: { 200: calendarEventList, ...calendarErrors },
      },
    },
    async (request) => {
      const user = userOf(request);
      const q = request.query;
      await service.refreshForRead(ctx, user.id, q.refresh === 'true');
      return service.eventsInRange(ctx, user.id, {
        fromDate: q.startDate,
        toDate: q.endDate ?? q.startDate,
        maxResults: q.maxResults,
        zone: user.timeZone,
      });
    },
  );

  r.get(
    '/api/calendar/free-slots',
    {
      schema: {
        tags,
        summary: 'Free slots between 07:00 and 21:00 in the user zone over the next days',
        querystring: freeSlotsQuery,
        response: { 200: freeSlotsResponse, ...calendarErrors },
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
        summary: 'Refresh every connected calendar now',
        response: { 200: refreshResponse, ...calendarErrors },
      },
    },
    async (request) => service.refreshAll(ctx, userOf(request).id),
  );

  r.post(
    '/api/calendar/sync-workout/:id',
    {
      schema: {
        tags,
        summary: 'Write a workout plan to the calendar; a second sync updates the same event',
        params: idParams,
        response: { 200: syncWorkoutResponse, ...calendarErrors },
      },
    },
    async (request) => syncWorkout(ctx, userOf(request).id, request.params.id),
  );
}
