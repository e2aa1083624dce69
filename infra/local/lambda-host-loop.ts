import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { readThroughCache } from './dynamo-reads';

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

const { root, reads } = workerData as { root: string; reads?: { endpoint: string; port: MessagePort } };
/**
 * Reads of the local DynamoDB ask the runtime's read cache first. Set up at the first invocation,
 * which is when a function would first use its DynamoDB client: the environment is complete then.
 */
let cacheInstalled = !reads;

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
    if (!cacheInstalled) {
      cacheInstalled = true;
      readThroughCache(reads!.port, reads!.endpoint);
    }
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
