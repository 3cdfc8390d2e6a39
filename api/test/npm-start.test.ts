import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// `npm start` (scripts/start.mjs) as an operator runs it, with real processes and real signals:
// the API and the job worker each in a process of its own; after a crash either comes up again by
// itself, nothing of it outlives its supervisor, and `npm run admin` works beside it
// (docs/operations.md#embedded-database, docs/operations.md#worker). Both run from their sources
// through tsx (LEAD_DESK_TEST_API_ENTRY), as `npm test` may be rebuilding api/dist meanwhile.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'first password of the desk';

let dir = '';
let port = 0;
let smtp: TestSmtp;
const started: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  // Whatever a failed test left: the supervisors' process groups hold the API and PostgreSQL too.
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // ended
    }
  }
  const pg = postmaster();
  if (pg && alive(pg)) process.kill(pg, 'SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
  smtp?.release();
  await smtp?.close();
});

/** The process's state letter in /proc (R, S, T for stopped, Z), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** Whether the process runs (a zombie does not). */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = stateOf(pid);
  return state !== undefined && state !== 'Z';
}

/** The postmaster named in the data folder's postmaster.pid, if any. */
function postmaster(): number | undefined {
  try {
    return Number(readFileSync(path.join(dir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** Waits for the condition with the suite's one poller (smtp.ts's eventually), naming it on failure. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  await eventually(async () => ((await check()) ? true : undefined), ms).catch(() => {
    throw new Error(`timed out waiting until ${what}`);
  });
}

const healthy = () =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

/** Whether the worker `pid` runs and has said it started (its log line after the supervisor's). */
function workerUp(lines: string[], pid: number) {
  const from = lines.indexOf(`[start] worker: started (pid ${pid})`);
  return (
    from >= 0 &&
    alive(pid) &&
    lines.slice(from).some((l) => {
      if (!l.startsWith('{')) return false;
      const line = JSON.parse(l) as { msg?: string; service?: string };
      return line.service === 'worker' && line.msg === 'job worker started';
    })
  );
}

/** The app role's connection to the embedded database the API started. */
function appClient() {
  const port = readFileSync(path.join(dir, 'pg/postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  const password = readFileSync(path.join(dir, 'pg/lead-desk-leads_app.password'), 'utf8').trim();
  return new pg.Client({
    connectionString: `postgres://leads_app:${encodeURIComponent(password)}@127.0.0.1:${port}/leads`,
  });
}

interface Supervisor {
  child: ChildProcess;
  /** Everything it and the API printed, line by line. */
  lines: string[];
  /** The pid of the API it started last. */
  api(): number;
  /** The pid of the job worker it started last. */
  worker(): number;
  ended(): boolean;
}

/** Starts `npm start`'s supervisor on the test's data folder and port; resolves once the API answers. */
async function npmStart(): Promise<Supervisor> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // A process group of its own, for afterAll's clean-up.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LEAD_DESK_TEST_API_ENTRY: 'api/src/server.ts',
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      METRICS_PORT: '',
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
      SMTP_URL: smtp.url,
    },
  });
  started.push(child);
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => lines.push(line));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const pid = (name: string) => () => {
    const pids = lines.map((l) => new RegExp(`\\[start\\] ${name}: started \\(pid (\\d+)\\)`).exec(l)?.[1]);
    return Number(pids.filter(Boolean).at(-1));
  };
  const worker = pid('worker');
  await until('the API answers and the worker is up', async () => {
    if (ended()) throw new Error(`npm start ended:\n${lines.join('\n')}`);
    return (await healthy()) && workerUp(lines, worker());
  });
  return { child, lines, api: pid('api'), worker, ended };
}

describe('npm start', () => {
  let supervisor: Supervisor;

  it('starts a crashed API again, its database stopped and started anew', async () => {
    const top = await mkdtemp(path.join(os.tmpdir(), 'lead-desk-start-'));
    await chmod(top, 0o755); // as root, PostgreSQL runs as its own user and must enter it
    dir = path.join(top, 'data');
    port = await freePort();
    supervisor = await npmStart();
    const api = supervisor.api();
    const worker = supervisor.worker();
    const pg = postmaster()!;
    expect(alive(api) && alive(worker) && alive(pg)).toBe(true);

    process.kill(api, 'SIGKILL');
    await until('a new API answers', async () => supervisor.api() !== api && (await healthy()));
    expect(alive(pg)).toBe(false);
    expect(postmaster()).not.toBe(pg);
    expect(supervisor.lines).toContain(
      `[start] api: it left its PostgreSQL (pid ${pg}) running: stopping it`,
    );
    expect(supervisor.lines).toContain('[start] api: was killed (SIGKILL): starting it again in 1 s');
    // The worker ran on the database that went: it stopped, and a new one runs on the new one.
    expect(alive(worker)).toBe(false);
    await until(
      'a new worker is up',
      () => supervisor.worker() !== worker && workerUp(supervisor.lines, supervisor.worker()),
    );
  }, 180_000);

  it('starts a killed worker again within seconds; the job it held is not left locked, its email goes out once', async () => {
    smtp.hold();
    const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Killed Mid Send',
        email: 'killed@example.com',
        message: 'While it sends.',
      }),
    });
    expect(res.status).toBe(201);
    // The worker is sending the acknowledgment: its job is claimed, the SMTP server holds the DATA.
    await until('the worker sends', () => smtp.holding() > 0, 30_000);
    const client = appClient();
    await client.connect();
    try {
      const n = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
      // The job it holds is locked by one of its pools, which it wrote down in its own file.
      const { rows } = await client.query<{ locked_by: string }>(
        `SELECT DISTINCT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL`,
      );
      const dead = rows.map((r) => r.locked_by);
      expect(dead.length).toBeGreaterThan(0);
      const stateFile = path.join(dir, 'worker-pools');
      expect(readFileSync(stateFile, 'utf8').split('\n')).toEqual(expect.arrayContaining(dead));
      const worker = supervisor.worker();
      process.kill(worker, 'SIGKILL');
      await until(
        'a new worker is up',
        () => supervisor.worker() !== worker && workerUp(supervisor.lines, supervisor.worker()),
        10_000,
      );
      expect(supervisor.lines).toContain('[start] worker: was killed (SIGKILL): starting it again in 1 s');
      // Up means it has read the file and unlocked those pools' jobs: none is theirs any more.
      expect(
        (await client.query(`SELECT id FROM graphile_worker.jobs WHERE locked_by = ANY ($1::text[])`, [dead]))
          .rows,
      ).toEqual([]);
      smtp.release();
      // The dead worker's job is unlocked by the new one at its start, not in graphile-worker's 4 hours.
      await until(
        'no job is left',
        async () => (await n(`SELECT count(*) AS n FROM graphile_worker.jobs`)) === 0,
        30_000,
      );
      // The message the dead worker was sending goes out again once its lease runs out (made to run
      // out now, rather than in two minutes); the new worker's sweep takes it (every 30 s).
      await client.query(`UPDATE mail_messages SET lease_until = clock_timestamp() WHERE status = 'sending'`);
      await until(
        'every email of the lead is sent or held',
        async () =>
          (await n(`SELECT count(*) AS n FROM mail_messages WHERE status NOT IN ('sent', 'held')`)) === 0,
        60_000,
      );
      const sent = await n(`SELECT count(*) AS n FROM mail_messages WHERE status = 'sent'`);
      expect(sent).toBeGreaterThan(0);
      const received = smtp.received.filter((m) => m.to.includes('killed@example.com'));
      expect(received.length).toBe(1);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('comes up again after the supervisor and the API were killed outright, stopping the database left behind', async () => {
    const pg = postmaster()!;
    // Both at once, as the out-of-memory killer might: neither gets to stop PostgreSQL. The
    // supervisor is stopped first, so that it cannot start a new API between the two kills (which
    // would stop the PostgreSQL left behind itself), nor see its API end.
    const supervisorPid = supervisor.child.pid!;
    process.kill(supervisorPid, 'SIGSTOP');
    await until('the supervisor is stopped', () => stateOf(supervisorPid) === 'T');
    process.kill(supervisor.api(), 'SIGKILL');
    process.kill(supervisorPid, 'SIGKILL');
    await until('the supervisor ended', () => supervisor.ended());
    expect(alive(pg)).toBe(true);

    supervisor = await npmStart();
    expect(alive(pg)).toBe(false);
    const said = supervisor.lines.map((l) =>
      l.startsWith('{') ? (JSON.parse(l) as { msg: string }).msg : l,
    );
    // What the new run said, whole, should it not be this.
    expect(said, supervisor.lines.join('\n')).toContain(
      `stopped the PostgreSQL (pid ${pg}) that an earlier run left running on ${path.join(dir, 'pg')}; starting a new one`,
    );
  }, 120_000);

  it('lets `npm run admin` reset a password beside it, on its database', async () => {
    const pg = postmaster();
    const admin = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/admin.ts', 'reset', 'admin'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dir,
        ADMIN_PASSWORD: 'second password of the desk',
      },
    });
    let out = '';
    admin.stdout.on('data', (d: Buffer) => (out += d.toString()));
    admin.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => admin.on('close', resolve));
    expect(out).toContain(`Using the PostgreSQL already running on ${path.join(dir, 'pg')} (pid ${pg}`);
    expect(out).toContain('Password of admin reset; their sessions were ended.');
    expect(code).toBe(0);
    // The server's database carried on under it.
    expect(postmaster()).toBe(pg);
    expect(await healthy()).toBe(true);
  });

  it('leaves nothing running once its supervisor is killed outright', async () => {
    const api = supervisor.api();
    const worker = supervisor.worker();
    const pg = postmaster()!;
    expect(alive(worker)).toBe(true);
    process.kill(supervisor.child.pid!, 'SIGKILL');
    await until(
      'the API, the worker and PostgreSQL ended',
      () => !alive(api) && !alive(worker) && !alive(pg),
      30_000,
    );
    expect(postmaster()).toBeUndefined();
  });
});
