import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Password hashes run on a thread of their own at a lower scheduling priority (nice 10 on Linux,
 * where the nice value belongs to each thread). A hash keeps a core busy for tens of
 * milliseconds; at the default priority a burst of sign-ins, or the guesses the throttle lets
 * through at the start of an attack, competed as equals with the thread that answers everyone
 * else. At a lower priority the hashes take the CPU the requests leave, so a sign-in may wait a
 * little longer under load and the people already signed in do not.
 */
export const HASH_NICE = 10;

// The worker is started from this text (no separate file to bundle) and loads the same library
// as the rest of the app, by the path this module resolves it to.
const WORKER_SOURCE = `
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.argon2);
try { os.setPriority(0, workerData.nice); } catch {}
parentPort.on('message', (m) => {
  try {
    const value = m.op === 'hash' ? hashSync(m.password, m.options) : verifySync(m.hash, m.password);
    parentPort.postMessage({ id: m.id, value });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

type Job = { op: 'hash'; password: string; options: object } | { op: 'verify'; hash: string; password: string };
interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
}

/** The hashing thread failed or stopped: not an answer about the password. */
export class HashThreadError extends Error {}

/** One hashing thread and the jobs it has been given. */
interface Slot {
  worker: Worker | undefined;
  pending: Map<number, Pending>;
}

let nextId = 0;
let slots: Slot[] = [];

/** The slot's thread, started on first use; a thread that failed is replaced by the next job. */
function threadOf(slot: Slot): Worker {
  if (slot.worker) return slot.worker;
  const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: argon2Path, nice: HASH_NICE } });
  w.unref();
  w.on('message', (m: { id: number; value?: string | boolean; error?: string }) => {
    const p = slot.pending.get(m.id);
    slot.pending.delete(m.id);
    // An idle thread never keeps the process alive; one with work does (a CLI awaiting a hash).
    if (slot.pending.size === 0) w.unref();
    if (!p) return;
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.value as string | boolean);
  });
  const fail = (err: HashThreadError) => {
    if (slot.worker === w) slot.worker = undefined;
    for (const p of slot.pending.values()) p.reject(err);
    slot.pending.clear();
  };
  w.on('error', (err) => fail(new HashThreadError(`The password hashing thread failed: ${err.message}`)));
  w.on('exit', (code) => fail(new HashThreadError(`The password hashing thread stopped (${code})`)));
  slot.worker = w;
  return w;
}

/** Runs a job on the least busy of `threads` hashing threads. */
function run(job: Job, threads: number): Promise<string | boolean> {
  while (slots.length < threads) slots.push({ worker: undefined, pending: new Map() });
  const slot = slots.slice(0, threads).reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  return new Promise((resolve, reject) => {
    const id = nextId++;
    slot.pending.set(id, { resolve, reject });
    const w = threadOf(slot);
    w.ref();
    w.postMessage({ id, ...job });
  });
}

/** Argon2 hash of `password` with `options`, on one of `threads` hashing threads. */
export const workerHash = (password: string, options: object, threads = 1) =>
  run({ op: 'hash', password, options }, threads) as Promise<string>;

/** Whether `password` matches `hash`, on a hashing thread; rejects when `hash` is not a valid hash. */
export const workerVerify = (hash: string, password: string, threads = 1) =>
  run({ op: 'verify', hash, password }, threads) as Promise<boolean>;

/** Stops the hashing threads (tests); the next job starts new ones. */
export async function stopHashThreads(): Promise<void> {
  const stopping = slots.map((s) => s.worker?.terminate());
  slots = [];
  await Promise.all(stopping);
}

/** How many hashing threads are running (tests). */
export const hashThreadCount = () => slots.filter((s) => s.worker).length;
