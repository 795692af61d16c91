import { describe, expect, it, vi } from 'vitest';

// Counts how many hashes run at the same moment; each takes a few milliseconds like a real one.
const running = { now: 0, max: 0 };
vi.mock('./hashWorker.js', () => {
  const work = async <T>(result: T) => {
    running.now++;
    running.max = Math.max(running.max, running.now);
    await new Promise((r) => setTimeout(r, 5));
    running.now--;
    return result;
  };
  return {
    workerHash: (password: string) => work(`hashed:${password}`),
    workerVerify: (stored: string, password: string) => work(stored === `hashed:${password}`),
  };
});

const { HASH_CONCURRENCY, hashPassword, verifyPassword } = await import('./passwords.js');

describe('password hashing under a burst', () => {
  it('runs at most HASH_CONCURRENCY hashes at once and still answers every one correctly', async () => {
    running.max = 0;
    const stored = await hashPassword('correct horse');
    const guesses = Array.from({ length: HASH_CONCURRENCY * 3 + 3 }, (_, i) =>
      i % 4 === 0 ? 'correct horse' : `guess ${i}`,
    );
    const results = await Promise.all(guesses.map((g) => verifyPassword(stored, g)));
    expect(results).toEqual(guesses.map((g) => g === 'correct horse'));
    expect(running.max).toBeGreaterThanOrEqual(1);
    expect(running.max).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });
});
