import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Runs inside a worker thread of the local Lambda pool: loads function modules on first use (like a
 * warm container keeps its module state) and answers invocations.
 */
interface Invocation {
  id: number;
  entry: string;
  handler: string;
  event: unknown;
  functionName: string;
  deadline: number;
}

const { root } = workerData as { root: string };

const modules = new Map<string, Promise<Record<string, unknown>>>();

function load(entry: string) {
  let module = modules.get(entry);
  if (!module) {
    module = import(pathToFileURL(join(root, entry)).href) as Promise<Record<string, unknown>>;
    modules.set(entry, module);
  }
  return module;
}

parentPort!.on('message', async (message: Invocation) => {
  try {
    const module = await load(message.entry);
    const fn = module[message.handler];
    if (typeof fn !== 'function') throw new Error(`${message.entry} exports no function ${message.handler}`);
    const context = {
      functionName: message.functionName,
      awsRequestId: `local-${message.id}`,
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => Math.max(0, message.deadline - Date.now()),
    };
    const result = await fn(message.event, context);
    parentPort!.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    const e = error as Error;
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: { name: e.name, message: e.message, stack: e.stack },
    });
  }
});
