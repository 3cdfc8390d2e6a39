import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/errors.ts';

/**
 * Password hashing off the main thread and off libuv's thread pool, with a bound on the work
 * waiting (docs/operations.md#sign-in-throttling). A login costs a 128 MiB scrypt hash: on the
 * thread pool (Node's 4 threads, shared with file reads and DNS), a login flood stalled the
 * static site; here one worker thread hashes, at the lowest CPU priority, and attempts beyond a
 * short queue are refused at once. Known devices have their own lane, served first, so a flood
 * from elsewhere does not keep the real admin waiting.
 */
export type Lane = 'known-device' | 'other';

/** Refused at once: too many checks are waiting. Answered as 503 with Retry-After wherever it surfaces. */
export class HasherBusyError extends HttpError {
  constructor() {
    super(
      503,
      'Service Unavailable',
      'Too many sign-ins are being checked right now. Please try again in a moment.',
      { headers: { 'Retry-After': '1' }, refusal: true },
    );
  }
}

// The worker's source, evaluated as CommonJS: one file that works from the esbuild bundle, tsx
// and vitest alike. It lowers its own thread's priority (Linux; best effort) so pages and leads
// on the main thread win the CPU.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 19);
} catch {}
parentPort.on('message', (m) => {
  try {
    const key = scryptSync(m.password, Buffer.from(m.salt), m.keylen, m.options);
    parentPort.postMessage({ id: m.id, key });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});`;

interface Job {
  id: number;
  password: string;
  salt: Buffer;
  keylen: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

export interface HasherOptions {
  /** Attempts that may wait behind the running hash, per lane. */
  maxWaiting: Record<Lane, number>;
}

export function createHasher(opts: HasherOptions = { maxWaiting: { 'known-device': 8, other: 2 } }) {
  let worker: Worker | undefined;
  let running: Job | undefined;
  const waiting: Record<Lane, Job[]> = { 'known-device': [], other: [] };
  let nextId = 1;

  function start(job: Job) {
    running = job;
    if (!worker) {
      worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
      worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
        const done = running;
        running = undefined;
        if (done && done.id === m.id) {
          if (m.key) done.resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
          else done.reject(new Error(m.error ?? 'hashing failed'));
        }
        const next = waiting['known-device'].shift() ?? waiting.other.shift();
        if (next) start(next);
      });
      worker.on('error', (err) => {
        // A crashed worker fails what it held; the next job starts a new one.
        running?.reject(err);
        running = undefined;
        worker = undefined;
        const next = waiting['known-device'].shift() ?? waiting.other.shift();
        if (next) start(next);
      });
    }
    const { resolve: _r, reject: _j, ...message } = job;
    worker.postMessage(message);
  }

  return {
    /** scrypt on the worker; rejects with HasherBusyError at once when the lane's queue is full. */
    scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions, lane: Lane) {
      return new Promise<Buffer>((resolve, reject) => {
        const job: Job = { id: nextId++, password, salt, keylen, options, resolve, reject };
        if (!running) start(job);
        else if (waiting[lane].length < opts.maxWaiting[lane]) waiting[lane].push(job);
        else reject(new HasherBusyError());
      });
    },
    /** Whether a check in this lane would start or wait now, rather than be refused. */
    hasRoom: (lane: Lane) => !running || waiting[lane].length < opts.maxWaiting[lane],
    /** Hashes running or waiting, for tests and logs. */
    load: () => (running ? 1 : 0) + waiting['known-device'].length + waiting.other.length,
  };
}

export type Hasher = ReturnType<typeof createHasher>;

/** One per process: the CPU it guards is the process's. */
export const passwordHasher = createHasher();
