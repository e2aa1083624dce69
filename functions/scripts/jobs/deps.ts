import { getJobs } from '../../jobs';
import { scripts } from '../instance';
import type { ScriptStageDeps } from './writing.stages';

/** The script stages of the model-request workflow on the production adapters. */
export const scriptStageDeps = (): ScriptStageDeps => ({ jobs: getJobs(), scripts: scripts() });
