import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { HashThreadError, workerHash, workerVerify } from './hashWorker.js';

// Argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many password hashes run at once in this process. Each takes a core for tens of
 * milliseconds; left alone, a burst of sign-ins (or of guesses let through before the throttle
 * closes) fills the thread pool and takes every core from the requests of people already signed
 * in. One core always stays free for them; the sign-ins wait in line instead, and run at a lower
 * priority on threads of their own (hashWorker.ts).
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(HASH_CONCURRENCY);

export const hashPassword = (password: string) => hashing(() => workerHash(password, OPTIONS, HASH_CONCURRENCY));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => workerVerify(passwordHash, password, HASH_CONCURRENCY));
  } catch (err) {
    // A failed thread is the server's fault (logged, 500), not a wrong password; a stored value
    // that is not a hash matches nothing.
    if (err instanceof HashThreadError) throw err;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so that an unknown username costs the same time as a
 * wrong password and does not reveal which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

export const randomPassword = () => randomBytes(15).toString('base64url');

export const MIN_PASSWORD_LENGTH = 8;
