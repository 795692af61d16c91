import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Local servers speaking the protocols reminders are sent with, started by the tests on
 * 127.0.0.1: an HTTP receiver (ntfy, Gotify, webhooks, a Web Push endpoint), an SMTP server whose
 * mails are parsed with mailparser, and a browser's push subscription whose payloads are
 * decrypted as RFC 8291 says (http_ece, the library web-push itself encrypts with).
 */

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Receiver {
  url: string;
  requests: Received[];
  /** The statuses the next requests are answered with, in order (then 200). */
  answer(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const queue: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const status = queue.shift() ?? (req.url?.startsWith('/push/') ? 201 : 200);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { id: 'x' } : { error: 'no' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...statuses) => queue.push(...statuses),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export interface Smtp {
  port: number;
  mails: ParsedMail[];
  /** Envelope recipients of each mail. */
  to: string[][];
  /** Whether each mail came over TLS. */
  encrypted: boolean[];
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Only this user and password are let in. */
  login?: { user: string; pass: string };
  /** The server's key and certificate: STARTTLS offered, or TLS from the first byte with `secure`. */
  tls?: { key: string; cert: string };
  secure?: boolean;
}

/** An SMTP server; without `tls`, plain (no STARTTLS offered). Each mail records whether it came encrypted. */
export async function startSmtp(opts: SmtpOptions = {}): Promise<Smtp> {
  const { login, tls } = opts;
  const mails: ParsedMail[] = [];
  const to: string[][] = [];
  const encrypted: boolean[] = [];
  const disabled = [...(tls ? [] : ['STARTTLS']), ...(login ? [] : ['AUTH'])];
  const server = new SMTPServer({
    secure: Boolean(tls && opts.secure),
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    disabledCommands: disabled,
    authOptional: !login,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (login && auth.username === login.user && auth.password === login.pass) done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          to.push(session.envelope.rcptTo.map((r) => r.address));
          encrypted.push(Boolean(session.secure));
          done();
        },
        (err) => done(err),
      );
    },
  });
  // A client that refuses the certificate closes the socket mid-handshake: the server reports it
  // as an error event, which is the test's expected outcome, not a failure of the server.
  server.on('error', () => undefined);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, to, encrypted, close: () => new Promise((r) => server.close(() => r())) };
}

/** A browser's push subscription: its keys, and the decryption of what is pushed to it. */
export function pushDevice(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt(body: Buffer): unknown {
      const text = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      });
      return JSON.parse(Buffer.from(text).toString('utf8'));
    },
  };
}
