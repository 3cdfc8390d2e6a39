import { readFileSync } from 'node:fs';

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
