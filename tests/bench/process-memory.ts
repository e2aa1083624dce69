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

/** One process of the tree as /proc shows it: its name, resident memory and peak resident memory. */
interface TreeProcess {
  pid: number;
  /** CPU seconds: its own, and its reaped children's. */
  cpu: number;
  name: string;
  rss: number;
  hwm: number;
  cmdline: string;
}

/**
 * Each process's parent, read once per process: a sample lists /proc and reads the stat line of
 * the processes it has not seen before only (the machine may run hundreds; reading all of them
 * every 100 ms cost the sampled process about 2 % of a core, charged to what it measured).
 */
const parents = new Map<number, number>();

function processTree(root: number): TreeProcess[] {
  const children = new Map<number, number[]>();
  const alive = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    alive.add(pid);
    let ppid = parents.get(pid);
    if (ppid === undefined) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parents.set(pid, ppid);
      } catch {
        continue; // the process ended while we looked
      }
    }
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  for (const pid of parents.keys()) if (!alive.has(pid)) parents.delete(pid);
  const found: TreeProcess[] = [];
  const visit = (pid: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14–17 of the line (11–14 after the name).
      const cpu = fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
      const cmdline = pid === root ? '' : readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({
        pid,
        name: /Name:\s+(\S+)/.exec(status)?.[1] ?? '?',
        rss: kb('VmRSS'),
        hwm: kb('VmHWM'),
        cmdline,
        cpu,
      });
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return found;
}

export interface TreePeaks {
  /** This process (every worker thread of the local Lambda pool, the gateway, the local services). */
  processRss: number;
  /** This process and all its descendants at the same instant. */
  treeRss: number;
  /** The largest peak resident memory (VmHWM) of one child process, by name, among those sampled. */
  childPeak: Map<string, number>;
  /** How many child processes were seen, by name, and the most running at once. */
  childCount: Map<string, number>;
  mostAtOnce: number;
  /** The most resident memory the children of one group held at one instant, by group. */
  groupPeak: Map<string, number>;
  /** CPU seconds the tree had used (this process, its finished and its running children), by time. */
  cpu: { at: number; seconds: number }[];
}

/** The tree's CPU seconds at a time (epoch seconds), between the two nearest samples. */
export function cpuAt(peaks: TreePeaks, at: number): number {
  const samples = peaks.cpu;
  const after = samples.findIndex((s) => s.at >= at);
  if (after <= 0) return after === 0 ? samples[0]!.seconds : samples.at(-1)!.seconds;
  const a = samples[after - 1]!;
  const b = samples[after]!;
  return a.seconds + ((b.seconds - a.seconds) * (at - a.at)) / Math.max(1e-9, b.at - a.at);
}

/**
 * Samples this process and its children every `intervalMs`: the process's own resident memory,
 * the whole tree's, and each child's peak (VmHWM, read while it runs: a child that starts and ends
 * between two samples is not seen). `groupOf` puts children in groups by their command line (say,
 * the work directory of the task that started them) to give each group's peak at one instant.
 */
export function trackProcessTree(intervalMs = 100, groupOf: (cmdline: string) => string | null = () => null) {
  const peaks: TreePeaks = {
    processRss: 0,
    treeRss: 0,
    childPeak: new Map(),
    childCount: new Map(),
    mostAtOnce: 0,
    groupPeak: new Map(),
    cpu: [],
  };
  const seen = new Set<number>();
  const sample = () => {
    const tree = processTree(process.pid);
    peaks.processRss = Math.max(peaks.processRss, process.memoryUsage().rss);
    peaks.treeRss = Math.max(
      peaks.treeRss,
      tree.reduce((sum, p) => sum + p.rss, 0),
    );
    const children = tree.filter((p) => p.pid !== process.pid);
    peaks.cpu.push({ at: Date.now() / 1000, seconds: tree.reduce((sum, p) => sum + p.cpu, 0) });
    peaks.mostAtOnce = Math.max(peaks.mostAtOnce, children.length);
    const groups = new Map<string, number>();
    for (const child of children) {
      const group = groupOf(child.cmdline);
      if (group) groups.set(group, (groups.get(group) ?? 0) + child.rss);
    }
    for (const [group, rss] of groups)
      peaks.groupPeak.set(group, Math.max(peaks.groupPeak.get(group) ?? 0, rss));
    for (const child of children) {
      peaks.childPeak.set(child.name, Math.max(peaks.childPeak.get(child.name) ?? 0, child.hwm));
      if (!seen.has(child.pid)) {
        seen.add(child.pid);
        peaks.childCount.set(child.name, (peaks.childCount.get(child.name) ?? 0) + 1);
      }
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): TreePeaks {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
