import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The resident set of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and the sample count. */
export function sampleRss(pid: number, everyMs = 50): { stop: () => { peakMb: number; samples: number } } {
  let peakMb = rssMb(pid);
  let samples = 1;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
    samples += 1;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      peakMb = Math.max(peakMb, rssMb(pid));
      return { peakMb, samples: samples + 1 };
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** CPU seconds (user + system) each group of processes used, from /proc (Linux). */
function cpuSecondsByGroup(groups: Record<string, (pid: number, comm: string) => boolean>) {
  const tick = 100; // USER_HZ: clock ticks per second on Linux
  const out = Object.fromEntries(Object.keys(groups).map((g) => [g, 0])) as Record<string, number>;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ...: comm may hold spaces, so fields are counted after its closing parenthesis.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
    for (const [g, match] of Object.entries(groups)) if (match(pid, comm)) out[g]! += seconds;
  }
  return out;
}

/**
 * Where the machine's CPU went between start and stop, per group of processes (and idle), as
 * shares of all its cores: which part of the stack a figure waits on. Processes that ended meanwhile
 * are not counted. Linux only; elsewhere, stop() answers undefined.
 */
export function sampleCpu(groups: Record<string, (pid: number, comm: string) => boolean>) {
  if (!existsSync('/proc/stat')) return { stop: () => undefined };
  const totals = () => {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { all: cpu.reduce((a, b) => a + b, 0), idle: cpu[3]! + cpu[4]! };
  };
  const before = { groups: cpuSecondsByGroup(groups), ...totals() };
  return {
    stop: (): Record<string, number> => {
      const after = { groups: cpuSecondsByGroup(groups), ...totals() };
      const all = (after.all - before.all) / 100;
      const share: Record<string, number> = {};
      for (const g of Object.keys(groups)) share[g] = (after.groups[g]! - before.groups[g]!) / all;
      share.idle = (after.idle - before.idle) / 100 / all;
      return share;
    },
  };
}
