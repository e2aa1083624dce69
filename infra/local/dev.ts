import { join } from 'node:path';
import { createServer } from 'vite';
import { PROJECT_ROOT, startLocalRuntime } from './runtime';

/** `npm run dev`: the local runtime (API only) plus Vite with hot reload, proxying /api to it. */
async function main() {
  const apiPort = Number(process.env.PORT ?? 3000);
  const vitePort = Number(process.env.VITE_PORT ?? 5173);
  const runtime = await startLocalRuntime({
    dataDir: process.env.DATA_DIR ?? join(PROJECT_ROOT, '.data'),
    port: apiPort,
    // The SPA runs on Vite's origin and uploads to the local S3 from there.
    extraOrigins: [`http://localhost:${vitePort}`, `http://127.0.0.1:${vitePort}`],
  });
  const target = `http://127.0.0.1:${runtime.ports.gateway}`;
  const vite = await createServer({
    configFile: join(PROJECT_ROOT, 'web/vite.config.ts'),
    server: {
      port: vitePort,
      strictPort: true,
      proxy: { '/api': target, '/_dev': target },
    },
  });
  await vite.listen();
  const local = vite.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
  console.log(`
  BookStudio dev server

  App (hot reload)  ${local}
  API               ${runtime.apiUrl}
  Dev mailbox       ${local}_dev/mailbox

  Press Ctrl-C to stop.
`);
  const stop = async () => {
    await vite.close();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});
