import { z } from 'zod';
import { oneStepJobWorkflow } from '../../lib/workflows';

/**
 * A chapter's script, or another take of one of its scenes: one step has the text engine write the
 * screenplay from the chapter (with the plot's characters) and saves it — a new script, or the
 * script with that scene replaced if nobody changed it meanwhile — so no API request waits on a
 * model. Any failure marks the job failed in words a person can act on and leaves saved scripts as
 * they were.
 */
export const scriptWritingInput = z.object({ job_id: z.string().uuid() });

export const scriptWriting = oneStepJobWorkflow({
  name: 'scriptWriting',
  file: 'script-writing',
  comment:
    "A chapter's script, or another take of one of its scenes: one step has the text engine write the screenplay from the chapter (with the plot's characters) and saves it (a new script, or the script with that scene replaced if nobody changed it meanwhile), so no API request waits on a model. Any failure marks the job failed in words a person can act on and leaves saved scripts as they were.",
  input: scriptWritingInput,
  timeoutSeconds: 900,
  worker: {
    entry: 'functions/scripts/jobs/writing.ts',
    access: { table: 'readwrite', uploadsBucket: 'readwrite' },
  },
  step: {
    state: 'WriteScript',
    handler: 'writeScript',
    memoryMb: 1769,
    timeoutSeconds: 600,
    resultPath: '$.script',
  },
  recorder: 'RecordScriptFailure',
  failure: {
    error: 'ScriptWritingFailed',
    cause: 'Writing the script failed; the job records the reason.',
  },
});
