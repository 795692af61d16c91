import { describe, expect, it } from 'vitest';
import {
  CHANNEL_KINDS,
  DETAIL_LEVELS,
  REMINDER_KINDS,
  REMINDER_TEXTS,
  remindersResponse,
} from '#common/api/reminders.js';
import { brokenNotice, CHANNEL_KIND_LIST, DETAIL_LEVEL_LIST, isRemindersResponse, REMINDER_KIND_LIST } from './query';

const channel = {
  id: 1,
  kind: 'ntfy',
  label: 'Phone',
  enabled: true,
  detail: 'titles',
  kinds: ['training', 'journal'],
  target: 'https://ntfy.sh/daymark-ann',
  has_secret: true,
  devices: 0,
  broken_at: null,
  last_error: null,
  created_at: '2026-03-02T09:00:00Z',
};
const body = {
  settings: {
    training_lead_minutes: 15,
    journal_time: '21:00',
    weekly_time: '18:00',
    quiet_start: '22:00',
    quiet_end: '07:00',
  },
  channels: [channel, { ...channel, id: 2, kind: 'webpush', target: '', has_secret: false, devices: 2 }],
  email_available: false,
  push_public_key: 'BExample',
  timezone: 'Europe/Berlin',
};

describe('the reminders read without zod', () => {
  it("repeats the contract's lists and the stopped channel's words", () => {
    expect(CHANNEL_KIND_LIST).toEqual(CHANNEL_KINDS);
    expect(REMINDER_KIND_LIST).toEqual(REMINDER_KINDS);
    expect(DETAIL_LEVEL_LIST).toEqual(DETAIL_LEVELS);
    expect(brokenNotice('My phone')).toBe(REMINDER_TEXTS.brokenNotice('My phone'));
  });

  // Each sample is judged by the hand check and by zod's parse of the contract: they must agree.
  const samples: [string, unknown][] = [
    ['a whole answer', body],
    ['no channels', { ...body, channels: [] }],
    ['a field the app does not know yet', { ...body, newField: 1, channels: [{ ...channel, extra: true }] }],
    ['a stopped channel', { ...body, channels: [{ ...channel, broken_at: '2026-03-02T10:00:00Z', last_error: 'x' }] }],
    ['quiet hours off', { ...body, settings: { ...body.settings, quiet_start: null, quiet_end: null } }],
    ['quiet hours with one end', { ...body, settings: { ...body.settings, quiet_end: null } }],
    ['minutes out of range', { ...body, settings: { ...body.settings, training_lead_minutes: 241 } }],
    ['minutes as text', { ...body, settings: { ...body.settings, training_lead_minutes: '15' } }],
    ['a missing zone', { ...body, timezone: undefined }],
    ['e-mail as text', { ...body, email_available: 'no' }],
    ['an unknown channel kind', { ...body, channels: [{ ...channel, kind: 'sms' }] }],
    ['an unknown reminder', { ...body, channels: [{ ...channel, kinds: ['birthday'] }] }],
    ['an unknown detail level', { ...body, channels: [{ ...channel, detail: 'all' }] }],
    ['an id as text', { ...body, channels: [{ ...channel, id: '1' }] }],
    ['a channel without its error field', { ...body, channels: [{ ...channel, last_error: undefined }] }],
    ['channels as an object', { ...body, channels: { 1: channel } }],
    ['an HTML page', '<!doctype html><title>Proxy error</title>'],
    ['nothing', null],
  ];
  for (const [what, sample] of samples) {
    it(what, () => {
      expect(isRemindersResponse(sample)).toBe(remindersResponse.safeParse(sample).success);
    });
  }
});
