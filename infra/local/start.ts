import { join, relative } from 'node:path';
import { engineAtStart } from './engine-settings';
import { PROJECT_ROOT, startLocalRuntime } from './runtime';
import { ensureWebBuild } from './web-build';

/** `npm start`: the whole product on this machine, at one printed URL. */
async function main() {
  // Every wrong engine setting is said now, all at once, rather than as failed jobs later.
  const engine = engineAtStart(process.env);
  if (!engine.ok) {
    console.error(engine.message);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = process.env.DATA_DIR ?? join(PROJECT_ROOT, '.data');
  ensureWebBuild(PROJECT_ROOT);
  const devMailbox = process.env.DEV_MAILBOX !== 'off';
  const runtime = await startLocalRuntime({
    dataDir,
    port,
    devMailbox,
    webDir: join(PROJECT_ROOT, 'web/dist'),
    logLevel: (process.env.LOG_LEVEL as 'WARN' | undefined) ?? 'WARN',
  });
  const p = runtime.ports;
  const relativePath = relative(process.cwd(), dataDir);
  const shown = !relativePath ? '.' : relativePath.startsWith('..') ? dataDir : relativePath;
  console.log(`
  BookStudio is running

  App            ${runtime.url}
  API            ${runtime.apiUrl}   (health: ${runtime.apiUrl}/health)
  ${
    devMailbox
      ? `Dev mailbox    ${runtime.url}/_dev/mailbox   (local mode: every email lands here, none is sent; DEV_MAILBOX=off hides it)`
      : 'Dev mailbox    off (DEV_MAILBOX=off): emails are kept in the data directory only'
  }
  Engine         ${engine.providers}
  Services       DynamoDB :${p.dynamodb} · S3 :${p.s3} · Cognito :${p.cognito} · Step Functions :${p.stepfunctions}
                 (loopback; DynamoDB, S3 and Step Functions answer only requests signed with this data directory's keys)
  Data           ${shown}/  (npm run reset wipes it)

  Press Ctrl-C to stop.
`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error('Another process uses that port. Set PORT to use another one.');
  process.exit(1);
});
