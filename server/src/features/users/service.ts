import type { Db } from '../../db/index.js';
import { hashPassword, MIN_PASSWORD_LENGTH, randomPassword } from '../auth/passwords.js';

/** Starts with a letter or digit, so no name can pass for a command-line option. */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export class UserError extends Error {}

function checkUsername(username: string) {
  if (!USERNAME.test(username)) {
    throw new UserError(
      'Usernames are 1-64 characters: letters, digits, dot, underscore, @ and dash, starting with a letter or digit.',
    );
  }
}

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(`Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

export async function addUser(db: Db, username: string, password: string, isAdmin: boolean) {
  checkUsername(username);
  checkPassword(password);
  // 'Alice' next to 'alice' would let one account pass for the other on screen.
  const exists = await db
    .selectFrom('users')
    .select('username')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (exists) throw new UserError(`User '${exists.username}' already exists.`);
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      username,
      password_hash: await hashPassword(password),
      is_admin: isAdmin ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Sets a new password and signs the user out everywhere; the user's device cookies are revoked
 * too, so a browser that knew the old password is no longer a known device.
 */
export async function setPassword(db: Db, username: string, password: string) {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (!user) throw new UserError(`No user '${username}'.`);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('device_cookies').where('user_id', '=', user.id).execute();
  });
}

/** Removes the user; every row they own goes with them (foreign keys cascade), device cookies included. */
export async function removeUser(db: Db, username: string) {
  const res = await db.deleteFrom('users').where('username', '=', username).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new UserError(`No user '${username}'.`);
}

export function listUsers(db: Db) {
  return db.selectFrom('users').select(['username', 'is_admin', 'created_at']).orderBy('username').execute();
}

/**
 * On a first start with no users, creates the administrator. Returns the generated password
 * when one had to be made up, so the caller can print it once.
 */
export async function ensureAdmin(
  db: Db,
  username?: string,
  password?: string,
): Promise<{ username: string; generatedPassword?: string } | null> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const name = username ?? 'admin';
  if (password) {
    await addUser(db, name, password, true);
    return { username: name };
  }
  const generated = randomPassword();
  await addUser(db, name, generated, true);
  return { username: name, generatedPassword: generated };
}
