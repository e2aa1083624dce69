import { runEngineCommand, type CliOutput } from '../../cli/engine-commands';

/** One run of `npm run engine -- …`, in-process: its exit code and what it printed. */
export interface EngineRun {
  code: number;
  out: string[];
  err: string[];
}

export async function engine(...argv: string[]): Promise<EngineRun> {
  const run: EngineRun = { code: 0, out: [], err: [] };
  const io: CliOutput = {
    log: (line) => run.out.push(line),
    error: (line) => run.err.push(line),
    progress: () => undefined,
  };
  run.code = await runEngineCommand(argv, io);
  return run;
}
