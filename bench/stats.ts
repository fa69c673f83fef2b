import { readdirSync, readFileSync } from 'node:fs';

/** Shared by the bench parts: number formats, percentiles and CPU accounting from /proc. */

export type Log = (line?: string) => void;

export const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
export const kb = (bytes: number) => fmt(bytes / 1024, 1);
export const ms = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0);

/** Nearest-rank percentile of an ascending array (p in 0–100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Latencias {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencias(values: readonly number[]): Latencias {
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? Number.NaN,
  };
}

export const trio = (l: Latencias) => `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}`;

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

// ---------------------------------------------------------------- CPU accounting (Linux /proc)

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used, or 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Every live descendant of a process (by parent pid), with its command line. */
export function descendants(root: number): Array<{ pid: number; cmd: string }> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  const out: Array<{ pid: number; cmd: string }> = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {
        /* exited meanwhile */
      }
      out.push({ pid: child, cmd });
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Busy CPU seconds of the whole machine (all cores) since boot, from /proc/stat. */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / TICKS;
}

export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '—';
  }
}
