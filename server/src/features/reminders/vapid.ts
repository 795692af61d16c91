import webpush from 'web-push';
import type { Db } from '../../db/index.js';
import type { SecretBox } from '../../secrets.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const NAME = 'vapid';
const cache = new WeakMap<object, Promise<VapidKeys>>();

/**
 * The installation's VAPID key pair (RFC 8292), made once and kept in the database with the
 * private key sealed, so every instance on one database signs with the same key and the browsers'
 * subscriptions stay valid across restarts. Two instances starting together both try to insert;
 * the first wins and both read it.
 */
export function vapidKeys(db: Db, box: SecretBox): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = load(db, box);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

async function load(db: Db, box: SecretBox): Promise<VapidKeys> {
  const read = () => db.selectFrom('instance_keys').select('value').where('name', '=', NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insertInto('instance_keys')
      .values({ name: NAME, value: box.seal(made), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('The Web Push keys could not be stored');
  return box.open<VapidKeys>(row.value);
}
