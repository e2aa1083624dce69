import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under a directory (skipping build output). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when there is no build yet or a source file (or a shared contract) is newer. */
export function ensureWebBuild(root: string): void {
  const index = join(root, 'web/dist/index.html');
  if (existsSync(index)) {
    const built = statSync(index).mtimeMs;
    const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'functions/contracts')));
    if (sources <= built) return;
  }
  console.log('Building the web app…');
  // A build takes seconds; one that has not finished in 90 s is stuck (seen once on a loaded
  // machine), so it is stopped and run again once.
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'web/vite.config.ts',
        '--logLevel',
        'warn',
      ],
      { cwd: root, stdio: 'inherit', timeout: BUILD_TIMEOUT_MS, killSignal: 'SIGKILL' },
    );
    if (result.status === 0) return;
    const stuck = result.signal === 'SIGKILL';
    if (stuck && attempt < 2) {
      console.log('The web app build did not finish in time; building again…');
      continue;
    }
    throw new Error(stuck ? 'The web app build did not finish in time' : 'The web app failed to build');
  }
}

const BUILD_TIMEOUT_MS = 90_000;
