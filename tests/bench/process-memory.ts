import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of this process and all its descendants (FFmpeg children included), from /proc. */
export function treeRssBytes(root = process.pid): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const visit = (pid: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total;
}

/** Samples the tree's memory every `intervalMs` until stopped; answers the peak. */
export function trackPeakMemory(intervalMs = 50) {
  let peak = treeRssBytes();
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssBytes());
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssBytes());
    },
  };
}
