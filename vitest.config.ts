import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@contracts': fileURLToPath(new URL('./functions/contracts', import.meta.url)),
};

/** A committed `.only` would silently skip the rest of the suite: refuse it everywhere, CI or not. */
const allowOnly = false;

/**
 * The coverage run invokes the local Lambda pool's functions in the test's own thread (V8 coverage
 * cannot see into worker threads); every other run keeps them in their threads.
 */
const lambdaEnv: Record<string, string> = process.argv.includes('--coverage')
  ? { LOCAL_LAMBDA_INLINE: '1' }
  : {};

export default defineConfig({
  resolve: { alias },
  test: {
    allowOnly,
    /**
     * `npm run test:coverage`: the unit, integration and infrastructure suites with V8 coverage of the
     * server code, the local runtime and the web app's logic. The thresholds are a floor a little
     * under the figures measured when they were set (below): raise them as coverage grows, never
     * lower them to make a change pass. Code run in the local Lambda pool's worker threads is not
     * counted, so the handlers reached only through the pool count as uncovered.
     */
    coverage: {
      provider: 'v8',
      include: ['functions/**/*.ts', 'infra/local/**/*.ts', 'cli/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.d.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage',
      // Printed even when a test fails, so a red run still shows where coverage stands.
      reportOnFailure: true,
      // Measured 2026-11-24, the Lambda pool's functions counted: statements 78.7 %, branches 71.0 %,
      // functions 74.6 %, lines 79.3 %.
      thresholds: { statements: 77, branches: 69, functions: 72, lines: 77 },
    },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Services answer signed media URLs; unit tests sign with a throwaway secret.
          env: { MEDIA_URL_SECRET: 'unit-tests' },
          // A guard against hangs, not a speed limit: a loaded machine running coverage took 8 s for
          // what takes 1 s when quiet. Speed is measured by the bench scripts.
          testTimeout: 30_000,
          allowOnly,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env: lambdaEnv,
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          allowOnly,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 240_000,
          hookTimeout: 180_000,
          allowOnly,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          env: lambdaEnv,
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          allowOnly,
        },
      },
      {
        test: {
          name: 'deployed',
          include: ['tests/deployed/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          allowOnly,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          // Synthesizing bundles every Lambda (over 50): ~150 s on a quiet machine, twice that on a
          // loaded one. A guard against hangs, not a speed limit.
          hookTimeout: 420_000,
          allowOnly,
        },
      },
    ],
  },
});
