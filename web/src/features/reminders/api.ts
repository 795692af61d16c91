import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Channel,
  type ChannelInput,
  channel,
  deliveriesResponse,
  type PushSubscriptionInput,
  type ReminderSettingsValue,
  type RemindersResponse,
  reminderSettings,
  testResult,
} from '#common/api/reminders.js';
import { apiFetch, del, get, post, put } from '../../api/client';
import { remindersKeys, remindersQuery } from './query';

export { remindersKeys };

const settingsResponse = z.object({ settings: reminderSettings });
const channelResponse = z.object({ channel });

/** Settings, channels and what this server offers (e-mail, the push key, the zone). */
export const useReminders = () => useQuery(remindersQuery);

/** The delivery log, newest first, a page at a time ("Show older" asks for the ones before the last). */
export const useDeliveries = () =>
  useInfiniteQuery({
    queryKey: remindersKeys.deliveries,
    queryFn: ({ pageParam }) =>
      get('/reminders/deliveries', { schema: deliveriesResponse, query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.deliveries.at(-1)?.id : undefined),
    staleTime: 0,
  });

export const remindersApi = {
  saveSettings: async (settings: ReminderSettingsValue) =>
    (await put('/reminders/settings', settings, { schema: settingsResponse })).settings,
  createChannel: async (input: ChannelInput) =>
    (await post('/reminders/channels', input, { schema: channelResponse })).channel,
  updateChannel: async (id: number, input: ChannelInput) =>
    (await put(`/reminders/channels/${id}`, input, { schema: channelResponse })).channel,
  deleteChannel: (id: number) => del(`/reminders/channels/${id}`),
  testChannel: (id: number) => post(`/reminders/channels/${id}/test`, undefined, { schema: testResult }),
  addPushSubscription: async (input: PushSubscriptionInput) =>
    (await post('/reminders/push-subscriptions', input, { schema: channelResponse })).channel,
  removePushSubscription: (endpoint: string) =>
    apiFetch('/reminders/push-subscriptions', { method: 'DELETE', body: { endpoint } }),
};

/** The settings as saved, shown at once without a new read. */
export function settingsSaved(qc: QueryClient, settings: ReminderSettingsValue) {
  qc.setQueryData<RemindersResponse>(remindersKeys.all, (old) => (old ? { ...old, settings } : old));
}

/** A channel as the server answered, shown at once in the list (added at its end when new). */
export function channelSaved(qc: QueryClient, saved: Channel) {
  qc.setQueryData<RemindersResponse>(remindersKeys.all, (old) => {
    if (!old) return old;
    const known = old.channels.some((c) => c.id === saved.id);
    return {
      ...old,
      channels: known ? old.channels.map((c) => (c.id === saved.id ? saved : c)) : [...old.channels, saved],
    };
  });
}

/** After a change to a channel (or a test, which may clear its stop): the channels and the log are read again. */
export function channelsChanged(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: remindersKeys.all });
}
