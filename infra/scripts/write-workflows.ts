import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { toAsl, workflowFile } from '../../functions/lib/workflows';
import { workflows } from '../../functions/workflows';
import { PROJECT_ROOT } from '../constructs/function';

/**
 * Writes statemachines/<file>.asl.json for every workflow of functions/workflows.ts: the ASL the
 * CDK stack deploys and the local runtime runs. Run after changing a workflow definition
 * (`npm run workflows`); tests/infra checks that the files match the definitions.
 */
for (const workflow of Object.values(workflows)) {
  const path = join(PROJECT_ROOT, workflowFile(workflow));
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(JSON.stringify(toAsl(workflow)), { ...options, parser: 'json' }));
  console.log(`wrote ${workflowFile(workflow)}`);
}
