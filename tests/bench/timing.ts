import { cpus, totalmem } from 'node:os';

/** Shared helpers of the bench scripts: the machine line, medians and a figure against its target. */
export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `work` once to warm up, then `runs` times; returns the median and all times in ms. */
export async function timeRuns<T>(
  runs: number,
  work: () => T | Promise<T>,
): Promise<{ ms: number; all: number[]; result: T }> {
  let result = await work();
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = await work();
    all.push(performance.now() - started);
  }
  return { ms: median(all), all, result };
}

/** One printed row: the figure, its target and how much room is left (target ÷ figure). */
export function row(label: string, ms: number, targetMs: number): string {
  const headroom = targetMs / ms;
  const figure = ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
  return `${label.padEnd(58)} ${figure.padStart(10)}   target ≤ ${targetMs} ms   ${headroom.toFixed(1)}× under (${ms <= targetMs ? 'met' : 'NOT met'})`;
}
