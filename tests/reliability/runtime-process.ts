import { startLocalRuntime } from '../../infra/local/runtime';

/**
 * The local runtime in a process of its own, so a test can kill it (SIGKILL: no clean shutdown, as
 * when a machine loses power) and start another on the same data directory. Prints one JSON line
 * with its URLs once it is ready.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: runtime-process.ts <data dir>');
const runtime = await startLocalRuntime({ dataDir, port: 0, publicHost: '127.0.0.1', logLevel: 'SILENT' });
console.log(JSON.stringify({ url: runtime.url, apiUrl: runtime.apiUrl }));

const stop = () => void runtime.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
