import { z } from 'zod';
import { getJobs } from '../../jobs';
import { defineWorker } from '../../lib/worker';
import { scripts } from '../instance';
import { recordScriptFailureStage, writeScriptStage, type ScriptStageDeps } from './writing.stages';
import { scriptWritingInput } from './writing.workflow';

/** Task workers of the script-writing workflow: each runs its stage (writing.stages.ts). */
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

/** The stages' dependencies on the production adapters. */
const stageDeps = (): ScriptStageDeps => ({ jobs: getJobs(), scripts: scripts() });

export const writeScript = defineWorker('scriptWriting.WriteScript', scriptWritingInput, (task) =>
  writeScriptStage(stageDeps(), task),
);

export const recordFailure = defineWorker(
  'scriptWriting.RecordScriptFailure',
  scriptWritingInput.extend({ error: failure.optional() }),
  (task) => recordScriptFailureStage(stageDeps(), task),
);
