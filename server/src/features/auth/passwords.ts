import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// Argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many password hashes run at once in this process. Each takes a core for tens of
 * milliseconds; left alone, a burst of sign-ins (or of guesses let through before the throttle
 * closes) fills the thread pool and takes every core from the requests of people already signed
 * in. One core always stays free for them; the sign-ins wait in line instead.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(HASH_CONCURRENCY);

export const hashPassword = (password: string) => hashing(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
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
