import { randomUUID } from 'node:crypto';
import type { Lease } from './writtenRepo.js';

/**
 * One writer per written item at a time (writeback.ts), a removal counting as a write. Within an
 * app instance the writes and removals of an item queue in the order they came (`inTurn`);
 * across instances on one database each takes the item's lease in its row before the remote
 * call and gives it back after (`leased`), and one that finds the lease held waits for it. The lease is a row value, not
 * a database lock or an open transaction, so no connection is held across the network call.
 */

/**
 * How long a lease lasts. A write (or a removal) is a few remote calls of at most 20 s each; a lease outlives
 * the writer that took it only when that writer stopped (its instance ended mid-write), and then
 * the next writer takes it over once it has run out.
 */
export const LEASE_MS = 60_000;

const queues = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * Runs `work` once every earlier work of `key` on this app instance (identified by its database
 * handle: tests run several instances in one process) has ended, whatever their outcome.
 */
export function inTurn<T>(instance: object, key: string, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(instance);
  if (!queue) {
    queue = new Map();
    queues.set(instance, queue);
  }
  const result = (queue.get(key) ?? Promise.resolve()).then(work);
  const done = result.then(
    () => {},
    () => {},
  );
  queue.set(key, done);
  const q = queue;
  void done.then(() => {
    if (q.get(key) === done) q.delete(key);
  });
  return result;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `take` with a new lease until it returns the item (it is free, or the lease holding it
 * ran out), pausing a little longer each time, up to half a second.
 */
export async function leased<R>(
  take: (lease: Lease) => Promise<R | undefined>,
  now: () => number = Date.now,
): Promise<{ row: R; token: string }> {
  const token = randomUUID();
  for (let pause = 20; ; pause = Math.min(pause * 2, 500)) {
    const t = now();
    const row = await take({
      token,
      now: new Date(t).toISOString(),
      until: new Date(t + LEASE_MS).toISOString(),
    });
    if (row) return { row, token };
    await sleep(pause);
  }
}
