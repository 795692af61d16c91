import { describe, expect, it } from 'vitest';
import {
  type Channel,
  channelInput,
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_KINDS,
  REMINDER_TEXTS,
  reminderSettings,
} from '#common/api/reminders.js';
import {
  channelFormOf,
  channelInputFrom,
  channelInputOf,
  checkChannel,
  checkWhen,
  configOf,
  newChannelForm,
  sameChannelForm,
  sameWhen,
  settingsOf,
  splitNtfyTarget,
  whenFormOf,
} from './forms';

const APP = 'https://daymark.example.org';

const saved = (over: Partial<Channel>): Channel => ({
  id: 7,
  kind: 'ntfy',
  label: 'Phone',
  enabled: true,
  detail: 'titles',
  kinds: ['journal', 'training'],
  target: 'https://ntfy.sh/daymark-ann',
  has_secret: true,
  devices: 0,
  broken_at: null,
  last_error: null,
  created_at: '2026-03-02T09:00:00Z',
  ...over,
});

describe('the When form', () => {
  it('starts from the saved settings and sends them back unchanged', () => {
    const form = whenFormOf(DEFAULT_REMINDER_SETTINGS);
    expect(checkWhen(form)).toEqual({});
    expect(settingsOf(form)).toEqual(DEFAULT_REMINDER_SETTINGS);
    expect(reminderSettings.safeParse(settingsOf(form)).success).toBe(true);
  });

  it('sends quiet hours as both null when switched off, and offers the usual night when switched on', () => {
    const off = whenFormOf({ ...DEFAULT_REMINDER_SETTINGS, quiet_start: null, quiet_end: null });
    expect(off.quiet).toBe(false);
    expect(settingsOf(off)).toMatchObject({ quiet_start: null, quiet_end: null });
    expect(settingsOf({ ...off, quiet: true })).toMatchObject({ quiet_start: '22:00', quiet_end: '07:00' });
    // The times kept while off are not a change.
    expect(sameWhen(off, { ...off, quietStart: '23:00' })).toBe(true);
    expect(sameWhen(off, { ...off, quiet: true })).toBe(false);
  });

  it('names what to fix, with the contract’s words', () => {
    const form = whenFormOf(DEFAULT_REMINDER_SETTINGS);
    expect(checkWhen({ ...form, lead: '241' }).lead).toMatch(/0 to 240/);
    expect(checkWhen({ ...form, lead: '1.5' }).lead).toBeDefined();
    expect(checkWhen({ ...form, lead: '' }).lead).toBeDefined();
    expect(checkWhen({ ...form, journal: '' }).journal).toBe('Use a time written HH:MM, e.g. 21:00');
    expect(checkWhen({ ...form, quietEnd: '' }).quietEnd).toBe(REMINDER_TEXTS.quietOrder);
    expect(checkWhen({ ...form, quiet: false, quietEnd: '' })).toEqual({});
  });
});

describe('the channel form', () => {
  it('starts a new channel with every reminder, titles only', () => {
    const form = newChannelForm('ntfy');
    expect(form.kinds).toEqual([...REMINDER_KINDS]);
    expect(form.detail).toBe('titles');
  });

  it('asks for what each kind needs, the name last', () => {
    expect(Object.keys(checkChannel(newChannelForm('ntfy')))).toEqual(['server', 'topic', 'label']);
    expect(Object.keys(checkChannel(newChannelForm('gotify')))).toEqual(['server', 'token', 'label']);
    expect(Object.keys(checkChannel(newChannelForm('webhook')))).toEqual(['url', 'secret', 'label']);
    expect(Object.keys(checkChannel(newChannelForm('email')))).toEqual(['address', 'label']);
    expect(Object.keys(checkChannel(newChannelForm('webpush')))).toEqual(['label']);
  });

  it('takes only http and https addresses, and a topic of letters, digits, - and _', () => {
    const form = { ...newChannelForm('ntfy'), label: 'Phone', topic: 'daymark-ann' };
    expect(checkChannel({ ...form, server: 'ntfy.sh' }).server).toBe(REMINDER_TEXTS.urlScheme);
    expect(checkChannel({ ...form, server: 'ftp://ntfy.sh' }).server).toBe(REMINDER_TEXTS.urlScheme);
    expect(checkChannel({ ...form, server: 'https://ntfy.sh' })).toEqual({});
    expect(checkChannel({ ...form, server: 'https://ntfy.sh', topic: 'my topic' }).topic).toBeDefined();
  });

  it('takes an e-mail address with one @ and a domain with a dot inside it', () => {
    const form = { ...newChannelForm('email'), label: 'Mail' };
    for (const ok of ['me@example.org', 'a.b+c@mail.example.co.uk', 'x@y.z.'])
      expect(checkChannel({ ...form, address: ok }), ok).toEqual({});
    for (const bad of ['me', '@example.org', 'me@example', 'me@.org', 'me@org.', 'a@b@c.org', 'me @example.org'])
      expect(checkChannel({ ...form, address: bad }).address, bad).toBeDefined();
    // Long input is read once through: no pattern to backtrack.
    expect(checkChannel({ ...form, address: `${'a'.repeat(100_000)}@` }).address).toBeDefined();
  });

  it('lets an edit keep a saved secret, and leaves an empty one out of the request', () => {
    const channel = saved({ kind: 'gotify', target: 'https://gotify.example.org' });
    const form = channelFormOf(channel);
    expect(form.server).toBe('https://gotify.example.org');
    expect(checkChannel(form, channel)).toEqual({});
    expect(checkChannel(form, { has_secret: false }).token).toBeDefined();
    const input = channelInputOf(form, true, APP);
    expect(input.config).toEqual({ kind: 'gotify', server: 'https://gotify.example.org' });
    expect(channelInputOf({ ...form, token: 'new' }, true, APP).config).toEqual({
      kind: 'gotify',
      server: 'https://gotify.example.org',
      token: 'new',
    });
  });

  it('builds a body the contract accepts, the reminders in their usual order', () => {
    const form = {
      ...newChannelForm('ntfy'),
      label: ' Phone ',
      server: 'https://ntfy.sh ',
      topic: 'daymark-ann',
      token: 'tk_1',
      kinds: ['journal', 'training'] as Channel['kinds'],
    };
    const input = channelInputOf(form, true, APP);
    expect(input).toEqual({
      label: 'Phone',
      enabled: true,
      detail: 'titles',
      kinds: ['training', 'journal'],
      config: { kind: 'ntfy', server: 'https://ntfy.sh', topic: 'daymark-ann', token: 'tk_1' },
      app_url: APP,
    });
    expect(channelInput.safeParse(input).success).toBe(true);
  });

  it('reads an ntfy target back into its server and topic', () => {
    expect(splitNtfyTarget('https://ntfy.sh/daymark-ann')).toEqual({ server: 'https://ntfy.sh', topic: 'daymark-ann' });
    expect(splitNtfyTarget('http://127.0.0.1:8080/ntfy/alerts/')).toEqual({
      server: 'http://127.0.0.1:8080/ntfy',
      topic: 'alerts',
    });
    expect(splitNtfyTarget('https://ntfy.sh · alerts')).toEqual({ server: 'https://ntfy.sh', topic: 'alerts' });
    expect(splitNtfyTarget('https://ntfy.sh')).toEqual({ server: 'https://ntfy.sh', topic: '' });
    expect(splitNtfyTarget('https://ntfy')).toEqual({ server: 'https://ntfy', topic: '' });
    expect(splitNtfyTarget(`https://ntfy.sh/${'/'.repeat(50_000)}x y!`).topic).toBe('');
  });

  it('switches a saved channel on or off with its settings as they are (and no secret)', () => {
    const channel = saved({ enabled: true });
    const input = channelInputFrom(channel, false, APP);
    expect(input).toMatchObject({ enabled: false, label: 'Phone', kinds: ['journal', 'training'] });
    expect(input.config).toEqual({ kind: 'ntfy', server: 'https://ntfy.sh', topic: 'daymark-ann' });
    expect(channelInput.safeParse(input).success).toBe(true);
    expect(configOf(saved({ kind: 'webpush', target: '' }))).toEqual({ kind: 'webpush' });
  });

  it('counts as changed only what would be saved for the chosen kind', () => {
    const form = newChannelForm('ntfy');
    expect(sameChannelForm(form, { ...form, url: 'https://x.example' })).toBe(true);
    expect(sameChannelForm(form, { ...form, topic: 'a' })).toBe(false);
    expect(sameChannelForm(form, { ...form, kinds: [...form.kinds].reverse() })).toBe(true);
    expect(sameChannelForm(form, { ...form, kind: 'gotify' })).toBe(false);
  });
});
