import crypto from 'node:crypto';
import fs from 'node:fs';
import nodemailer, { type Transporter } from 'nodemailer';
import webpush from 'web-push';
import { REMINDER_TEXTS } from '#common/api/reminders.js';
import { withoutTrailingSlashes } from '#common/text.js';
import type { SmtpConfig } from '../../config.js';
import type { CalendarFetch } from '../calendar/providers/outboundGuard.js';
import { OutboundRefused } from '../calendar/providers/outboundGuard.js';

/**
 * Sending one reminder through one channel. Each sender speaks its service's own protocol:
 * SMTP through nodemailer, ntfy's and Gotify's HTTP APIs, a JSON POST signed with HMAC-SHA256,
 * and Web Push (RFC 8030/8291/8292) through web-push's request builder. Every user-given address
 * is reached through the guarded fetch (features/calendar/providers/outboundGuard.ts), so it stays
 * outside the server's own network unless the administrator allows it.
 */

/** A send that did not go through; `permanent`: trying again will not help (a refused login). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Outgoing {
  kind: string;
  /** The delivery's id, so a receiver can tell a retry from a new reminder. */
  id: string;
  title: string;
  body: string;
  /** Absolute link to the screen, when the app's address is known. */
  url: string | null;
  sentAt: string;
}

export interface SendDeps {
  fetch: CalendarFetch;
  smtp: SmtpConfig | null;
  /** The installation's VAPID keys: read only for a Web Push channel. */
  vapid: () => Promise<{ publicKey: string; privateKey: string; subject: string }>;
}

export interface PushDevice {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a channel needs to send: its settings, its opened secret, its devices (Web Push). */
export type ChannelTarget =
  | { kind: 'email'; address: string }
  | { kind: 'ntfy'; server: string; topic: string; token: string | null }
  | { kind: 'gotify'; server: string; token: string | null }
  | { kind: 'webhook'; url: string; secret: string | null }
  | { kind: 'webpush'; devices: PushDevice[] };

/** Web Push devices that answered 404 or 410: gone for good, to be removed. */
export interface SendReport {
  goneDevices: number[];
}

const TIMEOUT_MS = 15_000;

/** The signature header of a webhook: HMAC-SHA256 of the exact body, in hex, as GitHub signs. */
export const SIGNATURE_HEADER = 'x-daymark-signature-256';
export const signBody = (secret: string, body: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

function networkError(err: unknown, what: string): SendError {
  if (err instanceof SendError) return err;
  if (err instanceof OutboundRefused) return new SendError(REMINDER_TEXTS.privateAddress, true);
  if ((err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError')
    return new SendError(`${what} did not answer in time.`, false);
  return new SendError(`${what} could not be reached.`, false);
}

/** An HTTP answer as a send's outcome: 2xx sent; 408, 425, 429 and 5xx again later; other refusals final. */
function byStatus(status: number, what: string, refusedAuth: string): void {
  if (status >= 200 && status < 300) return;
  if (status === 401 || status === 403) throw new SendError(refusedAuth, true);
  if (status === 408 || status === 425 || status === 429 || status >= 500)
    throw new SendError(`${what} answered ${status}; it will be tried again.`, false);
  throw new SendError(`${what} refused the reminder (${status}).`, true);
}

async function post(
  deps: SendDeps,
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  what: string,
): Promise<number> {
  try {
    const res = await deps.fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.status;
  } catch (err) {
    throw networkError(err, what);
  }
}

const transports = new Map<string, Transporter>();

function transportOf(smtp: SmtpConfig): Transporter {
  const id = JSON.stringify(smtp);
  let t = transports.get(id);
  if (!t) {
    t = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.security === 'tls',
      requireTLS: smtp.security === 'starttls',
      ignoreTLS: smtp.security === 'none',
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      ...(smtp.caFile ? { tls: { ca: fs.readFileSync(smtp.caFile, 'utf8') } } : {}),
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    transports.set(id, t);
  }
  return t;
}

async function sendEmail(deps: SendDeps, to: string, m: Outgoing): Promise<void> {
  if (!deps.smtp) throw new SendError(REMINDER_TEXTS.emailUnavailable, true);
  const text = m.url ? `${m.body}\n\n${m.url}\n` : `${m.body}\n`;
  try {
    await transportOf(deps.smtp).sendMail({
      from: deps.smtp.from,
      to,
      subject: m.title,
      text,
      headers: { 'X-Daymark-Reminder': m.kind },
    });
  } catch (err) {
    const e = err as { code?: string; responseCode?: number; response?: string };
    if (e.code === 'EAUTH') throw new SendError('The SMTP server refused the login.', true);
    const said = `${(err as Error).message ?? ''} ${String((err as { cause?: unknown }).cause ?? '')}`;
    if (e.code === 'ETLS' || /certificate|self.signed/i.test(said))
      throw new SendError('The SMTP server’s certificate could not be verified, or it offered no encryption.', true);
    if (e.code === 'EENVELOPE' || (e.responseCode !== undefined && e.responseCode >= 500)) {
      const said = (e.response ?? '').slice(0, 200);
      throw new SendError(`The SMTP server refused the message${said ? `: ${said}` : '.'}`, true);
    }
    if (e.responseCode !== undefined && e.responseCode >= 400)
      throw new SendError('The SMTP server asked to try again later.', false);
    throw new SendError('The SMTP server could not be reached.', false);
  }
}

async function sendWebPush(deps: SendDeps, devices: PushDevice[], m: Outgoing): Promise<SendReport> {
  if (!devices.length) throw new SendError('No device has notifications turned on any more.', true);
  const payload = JSON.stringify({ title: m.title, body: m.body, url: m.url, tag: `daymark-${m.kind}-${m.id}` });
  const gone: number[] = [];
  let delivered = 0;
  let temporary: SendError | null = null;
  let final: SendError | null = null;
  const vapid = await deps.vapid();
  for (const d of devices) {
    const req = webpush.generateRequestDetails({ endpoint: d.endpoint, keys: d.keys }, payload, {
      vapidDetails: vapid,
      TTL: 6 * 60 * 60,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    });
    try {
      const status = await post(
        deps,
        req.endpoint,
        req.headers as Record<string, string>,
        req.body as Buffer,
        'The push service',
      );
      if (status === 404 || status === 410) gone.push(d.id);
      else {
        byStatus(status, 'The push service', 'The push service refused this server’s key.');
        delivered++;
      }
    } catch (err) {
      if (err instanceof SendError && !err.permanent) temporary = err;
      else final = networkError(err, 'The push service');
    }
  }
  if (delivered) return { goneDevices: gone };
  if (temporary) throw temporary;
  if (final) throw final;
  throw new SendError('No device has notifications turned on any more.', true);
}

/** Sends one reminder; resolves when the channel's service accepted it, else throws a SendError. */
export async function sendThrough(target: ChannelTarget, m: Outgoing, deps: SendDeps): Promise<SendReport> {
  const none: SendReport = { goneDevices: [] };
  switch (target.kind) {
    case 'email':
      await sendEmail(deps, target.address, m);
      return none;
    case 'ntfy': {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (target.token) headers.authorization = `Bearer ${target.token}`;
      const body = JSON.stringify({
        topic: target.topic,
        title: m.title,
        message: m.body,
        ...(m.url ? { click: m.url } : {}),
        tags: ['daymark'],
      });
      // ntfy publishes JSON sent to its root URL to the topic the JSON names.
      const status = await post(deps, target.server, headers, body, 'The ntfy server');
      byStatus(status, 'The ntfy server', 'The ntfy server refused the access token.');
      return none;
    }
    case 'gotify': {
      const body = JSON.stringify({
        title: m.title,
        message: m.url ? `${m.body}\n${m.url}` : m.body,
        priority: 5,
        ...(m.url ? { extras: { 'client::notification': { click: { url: m.url } } } } : {}),
      });
      const url = `${withoutTrailingSlashes(target.server)}/message`;
      const headers = { 'content-type': 'application/json', 'x-gotify-key': target.token ?? '' };
      const status = await post(deps, url, headers, body, 'The Gotify server');
      byStatus(status, 'The Gotify server', 'The Gotify server refused the application token.');
      return none;
    }
    case 'webhook': {
      const body = JSON.stringify({
        event: 'reminder',
        id: m.id,
        kind: m.kind,
        title: m.title,
        body: m.body,
        url: m.url,
        sent_at: m.sentAt,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'Daymark-Reminders',
        'x-daymark-event': m.kind,
      };
      if (target.secret) headers[SIGNATURE_HEADER] = signBody(target.secret, body);
      const status = await post(deps, target.url, headers, body, 'The webhook');
      byStatus(status, 'The webhook', 'The webhook refused the request (not authorized).');
      return none;
    }
    case 'webpush':
      return sendWebPush(deps, target.devices, m);
  }
}
