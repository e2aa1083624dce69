import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests: Debian's Chromium driven by Playwright against `npm start` (the real local
 * runtime and the built SPA) on a throwaway data directory.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3310);
process.env.E2E_RUN ??= String(Date.now());
const dataDir = join(tmpdir(), `bookstudio-e2e-${process.env.E2E_RUN}`);

export default defineConfig({
  testDir: '.',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  // A committed test.only would silently skip every other browser test.
  forbidOnly: true,
  reporter: [['list']],
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx infra/local/start.ts',
    cwd: root,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'ERROR' },
    url: `http://127.0.0.1:${port}/api/v1/health`,
    // Start-up takes seconds; this bounds a stuck start (a web build stopped and retried after 90 s).
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
