import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allStates, toAsl, workflowFile } from '../../functions/lib/workflows';
import { workflows } from '../../functions/workflows';
import { PROJECT_ROOT } from '../../infra/constructs/function';

describe('workflows', () => {
  it.each(Object.values(workflows))(
    'statemachines/ holds the ASL of $name as defined (npm run workflows)',
    (workflow) => {
      const file = JSON.parse(readFileSync(join(PROJECT_ROOT, workflowFile(workflow)), 'utf8'));
      expect(file).toEqual(toAsl(workflow));
    },
  );

  it.each(Object.values(workflows))(
    'every task state of $name has a worker that exports its handler',
    async (workflow) => {
      const tasks = [...allStates(workflow.states)].filter(([, state]) => state.Type === 'Task');
      expect(tasks.map(([name]) => name).sort()).toEqual(Object.keys(workflow.tasks).sort());
      for (const [name, state] of tasks) {
        expect(state.Resource).toBe(`\${${name}}`);
        // Every task retries transient failures; all but the failure recorders route errors to one.
        expect(state.Retry).toBeDefined();
        const worker = workflow.tasks[name]!;
        const module = (await import(join(PROJECT_ROOT, worker.entry))) as Record<string, unknown>;
        expect(typeof module[worker.handler], `${worker.entry} ${worker.handler}`).toBe('function');
      }
    },
  );
});
