import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

/**
 * Calendar credentials (OAuth tokens, CalDAV passwords, PKCE verifiers) are stored only as
 * AES-256-GCM ciphertext. The key comes from DAYMARK_SECRET_KEY (any string; its SHA-256 is the
 * key) or, when unset, from `DATA_DIR/secret.key`, 32 random bytes created on first start with
 * mode 0600. Losing the key only loses the stored connections: the user connects again (and
 * items written to a calendar afterwards get new event ids, see `derivedKey`).
 */
const KEY_FILE = 'secret.key';
const PREFIX = 'v1';
const keys = new Map<string, Buffer>();

function keyFor(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  const id = config.secretKey ? `env:${config.secretKey}` : `file:${config.dataDir}`;
  const cached = keys.get(id);
  if (cached) return cached;
  let key: Buffer;
  if (config.secretKey) {
    key = crypto.createHash('sha256').update(config.secretKey).digest();
  } else {
    const file = path.join(config.dataDir, KEY_FILE);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        // Another process created it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new Error(`${file} must hold 32 bytes in hex`);
  }
  keys.set(id, key);
  return key;
}

export interface SecretBox {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
}

export function secretBox(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretBox {
  const key = keyFor(config);
  return {
    seal(value) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    open<T>(sealed: string): T {
      const [prefix, iv, tag, data] = sealed.split(':');
      if (prefix !== PREFIX || !iv || !tag || !data) throw new Error('Unreadable stored credentials');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
      return JSON.parse(text) as T;
    },
  };
}

/**
 * A key for one purpose, derived from the secret key: the same on every app instance that shares
 * the key (which instances on one database must, to open each other's credentials). Used to name
 * the events Daymark writes (features/calendar/writeback.ts).
 */
export function derivedKey(config: Pick<Config, 'secretKey' | 'dataDir'>, purpose: string): Buffer {
  return crypto.createHmac('sha256', keyFor(config)).update(purpose).digest();
}
