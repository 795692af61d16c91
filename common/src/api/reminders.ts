import { z } from 'zod';
import { clockMinutes } from '../trainingWeek.js';
import { idParam } from './common.js';

/**
 * Reminders (features/reminders): the channels a user is reminded through (e-mail, ntfy, Gotify,
 * a webhook, the installed app's notifications), what each one carries, when reminders come, and
 * the log of what was sent.
 */

export const CHANNEL_KINDS = ['email', 'ntfy', 'gotify', 'webhook', 'webpush'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_LABELS: Record<ChannelKind, string> = {
  email: 'E-mail',
  ntfy: 'ntfy',
  gotify: 'Gotify',
  webhook: 'Webhook',
  webpush: 'This app’s notifications',
};

/** What a reminder is about. */
export const REMINDER_KINDS = ['training', 'briefing', 'journal', 'weekly', 'calendar'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  training: 'Before each training session',
  briefing: 'When the morning briefing is ready',
  journal: 'When the evening journal is still empty',
  weekly: 'On Sunday, when next week has no plan',
  calendar: 'When a calendar connection has expired',
};

/** Short names for the delivery log. */
export const REMINDER_KIND_NAMES: Record<ReminderKind | 'test', string> = {
  training: 'Training session',
  briefing: 'Morning briefing',
  journal: 'Evening journal',
  weekly: 'Weekly plan',
  calendar: 'Calendar connection',
  test: 'Test',
};

/** `titles`: only what the reminder is about; `details`: with the workout, the briefing's summary. */
export const DETAIL_LEVELS = ['titles', 'details'] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

export const REMINDER_LIMITS = {
  labelMax: 60,
  urlMax: 2000,
  topicMax: 64,
  secretMax: 512,
  emailMax: 254,
  channelsMax: 10,
  leadMin: 0,
  leadMax: 240,
  /** Failed sends in a row after which a channel is marked broken and no longer used. */
  brokenAfter: 3,
  /** Attempts for one reminder before it is given up. */
  attemptsMax: 5,
  deliveriesPage: 50,
} as const;

export const REMINDER_TEXTS = {
  channelNotFound: 'Reminder channel not found',
  tooManyChannels: `A user can have at most ${REMINDER_LIMITS.channelsMax} reminder channels.`,
  emailUnavailable: 'E-mail is not set up on this server. Ask your administrator, or choose another channel.',
  pushUnavailable: 'This browser cannot show notifications from Daymark.',
  testSent: 'Test sent.',
  saved: 'Reminder settings saved.',
  channelSaved: 'Channel saved.',
  secretKept: 'Saved — type a new one to replace it.',
  quietOrder: 'Quiet hours need a start and an end.',
  urlScheme: 'Use an address starting with https:// or http://.',
  privateAddress:
    "This address is inside the server's own network, which this Daymark does not reach. Use a public address, or ask your administrator.",
  brokenNotice: (label: string) => `Reminders through ${label} have stopped: the last sends failed.`,
} as const;

const clock = z
  .string()
  .max(5)
  .refine((t) => clockMinutes(t) !== null, { message: 'Use a time written HH:MM, e.g. 21:00' });

/** When reminders come, in the user's zone. */
export const reminderSettings = z
  .object({
    /** Minutes before a training session. */
    training_lead_minutes: z.number().int().min(REMINDER_LIMITS.leadMin).max(REMINDER_LIMITS.leadMax),
    /** The evening journal reminder, when the evening part is still empty. */
    journal_time: clock,
    /** Sunday's weekly plan reminder, when next week has no plan. */
    weekly_time: clock,
    /** No reminder between these (null: none); may cross midnight (22:00–07:00). */
    quiet_start: clock.nullable(),
    quiet_end: clock.nullable(),
  })
  .refine((s) => (s.quiet_start === null) === (s.quiet_end === null), {
    message: REMINDER_TEXTS.quietOrder,
    path: ['quiet_end'],
  })
  .meta({ id: 'ReminderSettings' });
export type ReminderSettingsValue = z.infer<typeof reminderSettings>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsValue = {
  training_lead_minutes: 15,
  journal_time: '21:00',
  weekly_time: '18:00',
  quiet_start: '22:00',
  quiet_end: '07:00',
};

const httpUrl = z
  .string()
  .trim()
  .max(REMINDER_LIMITS.urlMax)
  .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), { message: REMINDER_TEXTS.urlScheme });

/** Each kind's settings as typed by the user; secrets are sent here and never returned. */
export const channelConfig = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    /** The user's own address. */
    address: z.string().trim().max(REMINDER_LIMITS.emailMax).email('Enter an e-mail address, e.g. me@example.org'),
  }),
  z.object({
    kind: z.literal('ntfy'),
    server: httpUrl,
    topic: z
      .string()
      .trim()
      .min(1, 'Enter the topic')
      .max(REMINDER_LIMITS.topicMax)
      .regex(/^[-_A-Za-z0-9]+$/, 'A topic has only letters, digits, - and _'),
    /** An access token for a protected topic; empty: none (or keep the saved one). */
    token: z.string().max(REMINDER_LIMITS.secretMax).optional(),
  }),
  z.object({
    kind: z.literal('gotify'),
    server: httpUrl,
    /** The application token; empty on an update: keep the saved one. */
    token: z.string().max(REMINDER_LIMITS.secretMax).optional(),
  }),
  z.object({
    kind: z.literal('webhook'),
    url: httpUrl,
    /** The key each request is signed with (HMAC-SHA256); empty on an update: keep the saved one. */
    secret: z.string().max(REMINDER_LIMITS.secretMax).optional(),
  }),
  z.object({ kind: z.literal('webpush') }),
]);
export type ChannelConfigValue = z.infer<typeof channelConfig>;

export const channelInput = z.object({
  label: z.string().trim().min(1, 'Give the channel a name').max(REMINDER_LIMITS.labelMax),
  enabled: z.boolean(),
  detail: z.enum(DETAIL_LEVELS),
  /** What this channel reminds of. */
  kinds: z
    .array(z.enum(REMINDER_KINDS))
    .max(REMINDER_KINDS.length)
    .refine((k) => new Set(k).size === k.length, { message: 'Name each reminder once.' }),
  config: channelConfig,
  /** The address the app is opened at (the browser's origin), for links in reminders. */
  app_url: z.string().max(REMINDER_LIMITS.urlMax).optional(),
});
export type ChannelInput = z.infer<typeof channelInput>;

/** A channel as shown: no secret, only whether one is saved. */
export const channel = z
  .object({
    id: z.number().int(),
    kind: z.enum(CHANNEL_KINDS),
    label: z.string(),
    enabled: z.boolean(),
    detail: z.enum(DETAIL_LEVELS),
    kinds: z.array(z.enum(REMINDER_KINDS)),
    /** The settings without secrets: address, server, topic or URL. */
    target: z.string(),
    has_secret: z.boolean(),
    /** Devices subscribed (webpush). */
    devices: z.number().int(),
    /** Set when repeated failures stopped it; saving it or a test that goes through clears it. */
    broken_at: z.string().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ReminderChannel' });
export type Channel = z.infer<typeof channel>;

export const remindersResponse = z
  .object({
    settings: reminderSettings,
    channels: z.array(channel),
    /** E-mail can be chosen only when the administrator set up an SMTP server. */
    email_available: z.boolean(),
    /** The server's VAPID public key (base64url) for the browser's push subscription. */
    push_public_key: z.string(),
    /** The user's time zone the times are read in. */
    timezone: z.string(),
  })
  .meta({ id: 'Reminders' });
export type RemindersResponse = z.infer<typeof remindersResponse>;

export const channelParams = z.object({ id: idParam('id') });

export const testResult = z.object({ ok: z.boolean(), message: z.string() }).meta({ id: 'ReminderTestResult' });
export type TestResult = z.infer<typeof testResult>;

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionInput = z.object({
  endpoint: httpUrl,
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  app_url: z.string().max(REMINDER_LIMITS.urlMax).optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushUnsubscribe = z.object({ endpoint: z.string().max(REMINDER_LIMITS.urlMax) });

export const DELIVERY_STATUSES = ['pending', 'retrying', 'sent', 'failed', 'dropped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Waiting',
  retrying: 'Will try again',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'No longer due',
};

export const delivery = z
  .object({
    id: z.number().int(),
    channel_label: z.string(),
    channel_kind: z.enum(CHANNEL_KINDS),
    kind: z.enum([...REMINDER_KINDS, 'test']),
    title: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    error: z.string().nullable(),
    /** When it was created (due). */
    due_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'ReminderDelivery' });
export type Delivery = z.infer<typeof delivery>;

export const deliveriesQuery = z.object({
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const deliveriesResponse = z
  .object({ deliveries: z.array(delivery), has_more: z.boolean() })
  .meta({ id: 'ReminderDeliveries' });
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;
