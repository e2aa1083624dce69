import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * `npm run bench:api`: latency and throughput of GET /api/v1/users/me at 50 concurrent connections
 * against `npm start` in its own process, and the gzip size of the SPA's initial JavaScript.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3410);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 15);
const connections = 50;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the local runtime did not become healthy');
}

async function call(path: string, body: unknown) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, string>>;
}

function initialJavaScriptGzip(): { files: number; raw: number; gzip: number } {
  const dist = join(root, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const paths = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const path of new Set(paths)) {
    const data = readFileSync(join(dist, path));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files: new Set(paths).size, raw, gzip };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bookstudio-bench-'));
  const server = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/start.ts'],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'ERROR' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    await waitForHealth();
    const email = `bench-${Date.now()}@example.com`;
    await call('/auth/register', { display_name: 'Bench', email, password: 'bench-pass', role: 'author' });
    const mail = (await (await fetch(`${base}/_dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
      code: string;
    }[];
    await call('/auth/verify-email', { email, code: mail[0]!.code });
    const { access_token } = await call('/auth/login', { email, password: 'bench-pass' });
    const headers = { authorization: `Bearer ${access_token}` };
    if (!(await fetch(`${base}/api/v1/users/me`, { headers })).ok)
      throw new Error('GET /users/me failed before the run');

    await autocannon({ url: `${base}/api/v1/users/me`, connections, duration: 3, headers }); // warm-up
    const result = await autocannon({ url: `${base}/api/v1/users/me`, connections, duration, headers });
    const js = initialJavaScriptGzip();

    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(`GET /api/v1/users/me — ${connections} connections, ${duration} s`);
    console.log(`  requests/s   ${result.requests.average.toFixed(0)}`);
    console.log(`  latency p50  ${result.latency.p50} ms`);
    console.log(
      `  latency p99  ${result.latency.p99} ms   (target < 50 ms: ${result.latency.p99 < 50 ? 'met' : 'NOT met'})`,
    );
    console.log(`  errors       ${result.errors}, non-2xx ${result.non2xx}`);
    console.log(
      `SPA initial JavaScript: ${js.files} file(s), ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip (target < 200 KB: ${js.gzip < 200 * 1024 ? 'met' : 'NOT met'})`,
    );
  } finally {
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
