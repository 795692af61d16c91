// The Reminders tab's two forms as plain data: the values as typed, the checks made before
// sending (with the contract's words where it has them), and the request bodies.
import {
  type Channel,
  type ChannelConfigValue,
  type ChannelInput,
  type ChannelKind,
  DEFAULT_REMINDER_SETTINGS,
  type DetailLevel,
  REMINDER_KINDS,
  REMINDER_LIMITS,
  REMINDER_TEXTS,
  type ReminderKind,
  type ReminderSettingsValue,
} from '#common/api/reminders.js';
import { withoutTrailingSlashes } from '#common/text.js';

// ---- When reminders come ----

export interface WhenForm {
  lead: string;
  journal: string;
  weekly: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
}

export type WhenErrors = Partial<Record<keyof WhenForm, string>>;

export function whenFormOf(s: ReminderSettingsValue): WhenForm {
  const quiet = s.quiet_start !== null && s.quiet_end !== null;
  return {
    lead: String(s.training_lead_minutes),
    journal: s.journal_time,
    weekly: s.weekly_time,
    quiet,
    // Switched on again, quiet hours start from the usual night.
    quietStart: s.quiet_start ?? DEFAULT_REMINDER_SETTINGS.quiet_start ?? '',
    quietEnd: s.quiet_end ?? DEFAULT_REMINDER_SETTINGS.quiet_end ?? '',
  };
}

/** Two forms that would save the same settings (times kept while quiet hours are off do not count). */
export function sameWhen(a: WhenForm, b: WhenForm): boolean {
  const key = (f: WhenForm) =>
    [f.lead.trim(), f.journal, f.weekly, f.quiet, f.quiet ? f.quietStart : '', f.quiet ? f.quietEnd : ''].join('|');
  return key(a) === key(b);
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CLOCK_TEXT = 'Use a time written HH:MM, e.g. 21:00';

export function checkWhen(f: WhenForm): WhenErrors {
  const errors: WhenErrors = {};
  const lead = f.lead.trim();
  const n = Number(lead);
  if (!/^\d+$/.test(lead) || n < REMINDER_LIMITS.leadMin || n > REMINDER_LIMITS.leadMax)
    errors.lead = `Use a whole number of minutes from ${REMINDER_LIMITS.leadMin} to ${REMINDER_LIMITS.leadMax}.`;
  if (!CLOCK.test(f.journal)) errors.journal = CLOCK_TEXT;
  if (!CLOCK.test(f.weekly)) errors.weekly = CLOCK_TEXT;
  if (f.quiet) {
    if (!f.quietStart) errors.quietStart = REMINDER_TEXTS.quietOrder;
    else if (!CLOCK.test(f.quietStart)) errors.quietStart = CLOCK_TEXT;
    if (!f.quietEnd) errors.quietEnd = REMINDER_TEXTS.quietOrder;
    else if (!CLOCK.test(f.quietEnd)) errors.quietEnd = CLOCK_TEXT;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

export function settingsOf(f: WhenForm): ReminderSettingsValue {
  return {
    training_lead_minutes: Number(f.lead.trim()),
    journal_time: f.journal,
    weekly_time: f.weekly,
    quiet_start: f.quiet ? f.quietStart : null,
    quiet_end: f.quiet ? f.quietEnd : null,
  };
}

// ---- A channel ----

/** The kinds the channel form adds; this app's notifications are turned on per device instead. */
export const FORM_KINDS = ['email', 'ntfy', 'gotify', 'webhook'] as const;

export interface ChannelForm {
  kind: ChannelKind;
  label: string;
  detail: DetailLevel;
  kinds: ReminderKind[];
  address: string;
  server: string;
  topic: string;
  token: string;
  url: string;
  secret: string;
}

export type ChannelField = keyof Omit<ChannelForm, 'kind' | 'detail' | 'kinds'>;
export type ChannelErrors = Partial<Record<ChannelField, string>>;

const EMPTY = { address: '', server: '', topic: '', token: '', url: '', secret: '' };

/** A new channel: every reminder, titles only. */
export function newChannelForm(kind: ChannelKind): ChannelForm {
  return { kind, label: '', detail: 'titles', kinds: [...REMINDER_KINDS], ...EMPTY };
}

/**
 * An ntfy channel's target split into its server and topic. The server shows it as the topic's
 * address, `<server>/<topic>` (ntfy's own way of naming a topic); a target written as the server
 * then the topic with a space between is read too.
 */
export function splitNtfyTarget(target: string): { server: string; topic: string } {
  const t = target.trim();
  // By hand rather than by one pattern: an address pattern with a lazy path backtracks.
  const whole = withoutTrailingSlashes(t);
  const cut = whole.lastIndexOf('/');
  const server = withoutTrailingSlashes(whole.slice(0, cut));
  const topic = whole.slice(cut + 1);
  const scheme = server.indexOf('://');
  if (
    cut > 0 &&
    scheme > 0 &&
    TOPIC.test(topic) &&
    /^https?$/i.test(server.slice(0, scheme)) &&
    server.length > scheme + 3 &&
    !/\s/.test(server)
  )
    return { server, topic };
  const spaced = /^(\S+)\s+(?:[^-_A-Za-z0-9\s]+\s+)?([-_A-Za-z0-9]+)$/.exec(t);
  if (spaced) return { server: spaced[1] ?? '', topic: spaced[2] ?? '' };
  return { server: t, topic: '' };
}

/** A saved channel's settings without its secret (kept by the server when none is sent). */
export function configOf(c: Pick<Channel, 'kind' | 'target'>): ChannelConfigValue {
  switch (c.kind) {
    case 'email':
      return { kind: 'email', address: c.target };
    case 'ntfy':
      return { kind: 'ntfy', ...splitNtfyTarget(c.target) };
    case 'gotify':
      return { kind: 'gotify', server: c.target };
    case 'webhook':
      return { kind: 'webhook', url: c.target };
    case 'webpush':
      return { kind: 'webpush' };
  }
}

export function channelFormOf(c: Channel): ChannelForm {
  const config = configOf(c);
  return {
    kind: c.kind,
    label: c.label,
    detail: c.detail,
    kinds: REMINDER_KINDS.filter((k) => c.kinds.includes(k)),
    ...EMPTY,
    ...('address' in config ? { address: config.address } : {}),
    ...('server' in config ? { server: config.server } : {}),
    ...('topic' in config ? { topic: config.topic } : {}),
    ...('url' in config ? { url: config.url } : {}),
  };
}

/** The fields that make a difference for the form's kind (what a change of kind leaves behind does not). */
export function sameChannelForm(a: ChannelForm, b: ChannelForm): boolean {
  const fields: Record<ChannelKind, ChannelField[]> = {
    email: ['address'],
    ntfy: ['server', 'topic', 'token'],
    gotify: ['server', 'token'],
    webhook: ['url', 'secret'],
    webpush: [],
  };
  const key = (f: ChannelForm) =>
    JSON.stringify([f.kind, f.label.trim(), f.detail, [...f.kinds].sort(), ...fields[f.kind].map((k) => f[k].trim())]);
  return key(a) === key(b);
}

/** Something, one @, and a domain with a dot inside it; no spaces. */
function isEmail(text: string): boolean {
  if (/\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  return text.slice(at + 2, -1).includes('.');
}
const TOPIC = /^[-_A-Za-z0-9]+$/;
const isHttpUrl = (u: string) => /^https?:\/\//i.test(u) && URL.canParse(u);

/**
 * What must be fixed before sending. `saved`: the channel being edited; a secret it has saved
 * may be left empty (the server keeps it), a new gotify or webhook channel needs one.
 */
export function checkChannel(f: ChannelForm, saved?: Pick<Channel, 'has_secret'>): ChannelErrors {
  const errors: ChannelErrors = {};
  const keeps = !!saved?.has_secret;
  const url = (field: 'server' | 'url', missing: string) => {
    const v = f[field].trim();
    if (!v) errors[field] = missing;
    else if (!isHttpUrl(v)) errors[field] = REMINDER_TEXTS.urlScheme;
  };
  if (f.kind === 'email') {
    if (!f.address.trim()) errors.address = 'Enter the e-mail address reminders go to.';
    else if (!isEmail(f.address.trim())) errors.address = 'Enter an e-mail address, e.g. me@example.org';
  } else if (f.kind === 'ntfy') {
    url('server', 'Enter the ntfy server’s address, e.g. https://ntfy.sh');
    if (!f.topic.trim()) errors.topic = 'Enter the topic';
    else if (!TOPIC.test(f.topic.trim())) errors.topic = 'A topic has only letters, digits, - and _';
  } else if (f.kind === 'gotify') {
    url('server', 'Enter your Gotify server’s address.');
    if (!f.token && !keeps) errors.token = 'Enter the app token Gotify gave you for Daymark.';
  } else if (f.kind === 'webhook') {
    url('url', 'Enter the address the webhook is sent to.');
    if (!f.secret && !keeps) errors.secret = 'Enter a signing secret.';
  }
  if (!f.label.trim()) errors.label = 'Give the channel a name';
  return errors;
}

/** The request body; an empty secret is left out, so an edited channel keeps its saved one. */
export function channelInputOf(f: ChannelForm, enabled: boolean, appUrl: string): ChannelInput {
  const secret = (v: string) => (v ? v : undefined);
  let config: ChannelConfigValue;
  switch (f.kind) {
    case 'email':
      config = { kind: 'email', address: f.address.trim() };
      break;
    case 'ntfy':
      config = { kind: 'ntfy', server: f.server.trim(), topic: f.topic.trim(), token: secret(f.token) };
      break;
    case 'gotify':
      config = { kind: 'gotify', server: f.server.trim(), token: secret(f.token) };
      break;
    case 'webhook':
      config = { kind: 'webhook', url: f.url.trim(), secret: secret(f.secret) };
      break;
    case 'webpush':
      config = { kind: 'webpush' };
      break;
  }
  // JSON leaves out an undefined secret; dropped here too, so the body is what is sent.
  config = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)) as ChannelConfigValue;
  return {
    label: f.label.trim(),
    enabled,
    detail: f.detail,
    kinds: REMINDER_KINDS.filter((k) => f.kinds.includes(k)),
    config,
    app_url: appUrl,
  };
}

/** A saved channel as sent back with one thing changed (switched on or off): its secret stays. */
export function channelInputFrom(c: Channel, enabled: boolean, appUrl: string): ChannelInput {
  return { label: c.label, enabled, detail: c.detail, kinds: [...c.kinds], config: configOf(c), app_url: appUrl };
}
