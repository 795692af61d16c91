import fs from 'node:fs';
import { verify } from '@node-rs/argon2';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HASH_NICE,
  HashThreadError,
  hashThreadCount,
  stopHashThreads,
  workerHash,
  workerVerify,
} from './hashWorker.js';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** The nice value of each thread of this process (Linux), by thread id. */
function threadNices(): number[] {
  const dir = `/proc/${process.pid}/task`;
  return fs.readdirSync(dir).map((tid) => {
    const stat = fs.readFileSync(`${dir}/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

afterAll(stopHashThreads);

describe('the password hashing thread', () => {
  it('hashes and verifies with the library, off the main thread', async () => {
    const hash = await workerHash('correct horse', OPTIONS);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The library itself, on this thread, agrees.
    expect(await verify(hash, 'correct horse')).toBe(true);
    expect(await workerVerify(hash, 'correct horse')).toBe(true);
    expect(await workerVerify(hash, 'wrong horse')).toBe(false);
    await expect(workerVerify('not a hash', 'x')).rejects.toThrow();
    expect(hashThreadCount()).toBe(1);
  });

  it.runIf(process.platform === 'linux')('runs at a lower priority than the thread answering requests', async () => {
    await workerHash('x', OPTIONS);
    const nices = threadNices();
    expect(nices).toContain(HASH_NICE);
    // The main thread (the process's first) and the others keep their priority.
    expect(nices[0]).toBe(0);
    expect(nices.filter((n) => n !== HASH_NICE).every((n) => n === 0)).toBe(true);
  });

  it('answers every job of a burst, spread over the threads it is given', async () => {
    const stored = await workerHash('pw', OPTIONS);
    const guesses = ['pw', 'no', 'pw', 'nope', 'pw', 'x'];
    expect(await Promise.all(guesses.map((g) => workerVerify(stored, g, 2)))).toEqual(guesses.map((g) => g === 'pw'));
    expect(hashThreadCount()).toBe(2);
  });

  it('fails the jobs of a thread that stopped as its own error, and replaces the thread', async () => {
    // The rejection is awaited from the start: it arrives while the thread is being stopped.
    const held = expect(workerHash('held', OPTIONS)).rejects.toBeInstanceOf(HashThreadError);
    await stopHashThreads();
    await held;
    expect(hashThreadCount()).toBe(0);
    const hash = await workerHash('again', OPTIONS);
    expect(await workerVerify(hash, 'again')).toBe(true);
    // A value that is not a hash is an answer (no match), not a thread failure.
    await expect(workerVerify('not a hash', 'x')).rejects.not.toBeInstanceOf(HashThreadError);
  });
});
