// The measuring side of npm run bench:admin (bench/admin.ts): the server time of a request, read
// from the API's request log, and the API process's peak memory while it streams a CSV export.
import { percentile, rssMb, sampleRss } from './sampling.ts';
import { fmt } from './stack.ts';

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
export const WARMUP = 10;

export interface List {
  table: string;
  path: string;
  /** A term a salesperson would type: a company or a surname, matching a small share of rows. */
  selective: string;
}

/** The request log's `ms` for each request id (the API logs one JSON line per request). */
const serverMs = new Map<string, number>();
export function onLogLine(line: string) {
  if (!line.includes('"msg":"request"')) return;
  try {
    const entry = JSON.parse(line) as { requestId?: string; ms?: number };
    if (entry.requestId && typeof entry.ms === 'number') serverMs.set(entry.requestId, entry.ms);
  } catch {
    // not a log line
  }
}

async function waitForLogs(ids: string[]): Promise<void> {
  for (let i = 0; i < 100 && !ids.every((id) => serverMs.has(id)); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface Shape {
  name: string;
  server: { p50: number; p95: number };
  client: { p50: number; p95: number };
  note: string;
  inGoal: boolean;
}

let seq = 0;
export async function measure(
  base: string,
  cookie: string,
  name: string,
  path: string,
  opts: { requests?: number; inGoal?: boolean; describe?: (body: Record<string, unknown>) => string } = {},
): Promise<Shape> {
  const requests = opts.requests ?? REQUESTS;
  const warmup = Math.min(WARMUP, Math.ceil(requests / 5));
  const ids: string[] = [];
  const client: number[] = [];
  let note = '';
  for (let i = 0; i < warmup + requests; i++) {
    const id = `bench-${++seq}`;
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { cookie, 'X-Request-Id': id } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    if (i === 0 && opts.describe) note = opts.describe(JSON.parse(text) as Record<string, unknown>);
    if (i >= warmup) {
      ids.push(id);
      client.push(ms);
    }
  }
  await waitForLogs(ids);
  const server = ids.map((id) => serverMs.get(id)).filter((v): v is number => v !== undefined);
  if (server.length !== ids.length) throw new Error(`missing request log lines for ${name}`);
  const shape: Shape = {
    name,
    server: { p50: percentile(server, 50), p95: percentile(server, 95) },
    client: { p50: percentile(client, 50), p95: percentile(client, 95) },
    note,
    inGoal: opts.inGoal ?? true,
  };
  console.log(
    `  ${name.padEnd(34)} server p50 ${fmt(shape.server.p50).padStart(7)} p95 ${fmt(shape.server.p95).padStart(7)} ms` +
      ` | client p50 ${fmt(shape.client.p50).padStart(7)} p95 ${fmt(shape.client.p95).padStart(7)} ms` +
      `  (${requests})${note ? `  ${note}` : ''}`,
  );
  return shape;
}

export interface Export {
  list: string;
  baselineMb: number;
  peakMb: number;
  rows: number;
}

/** Streams one full export as fast as it comes, sampling the API's RSS every 50 ms. */
export async function exportOnce(base: string, cookie: string, pid: number, list: List, expected: number) {
  const baselineMb = rssMb(pid);
  const sampler = sampleRss(pid, 50);
  const t0 = performance.now();
  const res = await fetch(`${base}${list.path}/export`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`${list.path}/export: ${res.status}`);
  let bytes = 0;
  let newlines = 0;
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    const chunk = r.value;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
  }
  const seconds = (performance.now() - t0) / 1000;
  const { peakMb, samples } = sampler.stop();
  // The generated messages hold no line breaks: one line per row, after the header.
  const rows = newlines - 1;
  const mb = bytes / 1024 / 1024;
  console.log(
    `  ${list.path.padEnd(18)} ${rows.toLocaleString('en')} rows, ${fmt(mb)} MB in ${fmt(seconds)} s ` +
      `(${fmt(mb / seconds)} MB/s, ${Math.round(rows / seconds).toLocaleString('en')} rows/s); ` +
      `RSS baseline ${fmt(baselineMb)} MB, peak ${fmt(peakMb)} MB (${samples} samples)` +
      (rows === expected ? '' : `  ROW COUNT MISMATCH: table has ${expected}`),
  );
  if (rows !== expected) throw new Error(`${list.path}/export gave ${rows} rows, the table has ${expected}`);
  return { list: list.path, baselineMb, peakMb, rows } satisfies Export;
}
