import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { resourceNames } from '../../infra/definitions';
import { measureHandlerCpu, recordRequests, saveCanned } from './handler-cpu';

/**
 * `npm run bench:api`: latency and throughput at 10 concurrent connections (`BENCH_CONNECTIONS`)
 * against `npm start` in its own process, for GET /users/me and every list endpoint with 50 books per
 * user (processed, published to the catalogue, with reading progress, one quiz); the handler's own CPU
 * per request for GET /users/me and GET /books, measured in this process with DynamoDB answered from
 * memory (handler-cpu.ts: what Lambda bills, without the local runtime's gateway and emulators); and
 * the gzip size of the SPA's initial JavaScript. `BENCH_ROOT=<checkout>` runs another checkout's
 * server with this driver (to compare before and after on a shared machine, run them alternately; the
 * in-process figure is then left out, as it would measure this checkout's handler);
 * `BENCH_ONLY=<text>,…` runs the endpoints whose label contains one of the texts (`=<label>`: that
 * label only); `BENCH_CANNED_FILE=<file>` keeps the in-process requests and DynamoDB's answers to
 * them, to measure another version on the same answers.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const serverRoot = process.env.BENCH_ROOT ?? root;
const port = Number(process.env.BENCH_PORT ?? 3410);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Every endpoint, the 50-book lists included, answers 99 % of requests within this. */
const P99_TARGET_MS = 150;
const BOOKS = Number(process.env.BENCH_BOOKS ?? 50);

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

async function call(path: string, body: unknown, token?: string, method = 'POST') {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as Record<string, string> & Record<string, unknown>;
}

const get = <T>(path: string, token: string) => call(path, undefined, token, 'GET') as Promise<T>;

/** Runs `work` over `items`, `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += limit) await Promise.all(items.slice(i, i + limit).map(work));
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const bookText = (n: number) =>
  [1, 2, 3]
    .map(
      (c) =>
        `Chapter ${c}\n\nIn book ${n}, chapter ${c} follows the keeper of the harbour light through a long night. ` +
        'The wind rose and the boats came home one by one, and the keeper counted every lantern. '.repeat(8),
    )
    .join('\n\n');

/** An author with 50 processed books, published to the catalogue, read a little, with one quiz. */
async function populate(cognitoPort: number) {
  const email = `bench-${Date.now()}@example.com`;
  await call('/auth/register', { display_name: 'Bench', email, password: 'Bench-pass-2026', role: 'author' });
  const mail = (await (await fetch(`${base}/_dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  await call('/auth/verify-email', { email, code: mail[0]!.code });
  // The catalogue is published by administrators.
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${cognitoPort}`,
    credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
  });
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 10 }));
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: pools.UserPools![0]!.Id!,
      Username: email,
      GroupName: 'admin',
    }),
  );
  cognito.destroy();
  let token = '';
  await until(async () => {
    try {
      token = (await call('/auth/login', { email, password: 'Bench-pass-2026' })).access_token!;
      return true;
    } catch {
      return false;
    }
  }, 'sign-in');

  // More than the free plan's two books: the author pays for basic through the offline checkout.
  const checkout = await call(
    '/subscriptions/checkout',
    { tier: 'basic', success_url: `${base}/dashboard`, cancel_url: `${base}/subscription` },
    token,
  );
  const paid = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${await paid.text()}`);

  const ids: string[] = [];
  await inBatches([...Array(BOOKS).keys()], 4, async (n) => {
    const form = new FormData();
    form.set('book_type', n % 5 === 4 ? 'entertainment' : 'learning');
    form.set('title', `Bench book ${n}`);
    form.set('description', `A book for the benchmark, number ${n}.`);
    form.set('text_content', bookText(n));
    const response = await fetch(`${base}/api/v1/books/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { id: string }).id);
  });
  type Status = {
    review_pending: boolean;
    status: string;
    preview_chapters?: { title: string; chapter_number: number }[];
  };
  await inBatches(ids, 4, async (id) => {
    let status: Status | undefined;
    await until(async () => {
      status = await get<Status>(`/books/${id}/status`, token);
      return status.review_pending || status.status === 'FAILED';
    }, `book ${id} extraction`);
    const chapters = (status!.preview_chapters ?? []).map((c) => ({
      title: c.title,
      chapter_number: c.chapter_number,
      source_chapter_number: c.chapter_number,
    }));
    await call(`/books/${id}/save-structure`, { chapters }, token);
  });
  await inBatches(ids, 4, async (id) =>
    until(
      async () => (await get<Status>(`/books/${id}/status`, token)).status === 'READY',
      `book ${id} chapters`,
    ),
  );
  const first = ids[0]!;
  const chapters = await get<{ id: string }[]>(`/books/${first}/chapters`, token);
  await inBatches(ids, 4, async (id) => {
    const [chapter] = await get<{ id: string }[]>(`/books/${id}/chapters`, token);
    await call(
      `/books/${id}/progress`,
      { chapter_id: chapter!.id, event: 'chapter_read', seconds: 60 },
      token,
    );
    await call(`/books/${id}/publish`, {}, token);
  });
  await call('/ai/generate-quiz', { book_id: first, chapter_id: chapters[0]!.id, num_questions: 5 }, token);
  await call('/creator/prompts', { kind: 'book', prompt: 'Write about the harbour.' }, token);
  return { token, bookId: first, chapterId: chapters[0]!.id };
}

/** CPU seconds (user + system) used so far by a process and all its descendants, from /proc. */
function treeCpuSeconds(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at its closing parenthesis.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, stat] of stats)
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks / 100; // USER_HZ
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

/**
 * The handler's own CPU per request (see handler-cpu.ts): DynamoDB's answers recorded from the
 * running server, then replayed from memory with the Lambda's environment (no endpoint override).
 */
async function handlerCpu(dataDir: string, dynamoPort: number, token: string) {
  const secrets = JSON.parse(readFileSync(join(dataDir, 'local-secrets.json'), 'utf8')) as {
    credentials: { accessKeyId: string; secretAccessKey: string };
    mediaUrlSecret: string;
  };
  const names = resourceNames('local');
  const env = {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: secrets.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: secrets.credentials.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
    MEDIA_URL_SECRET: secrets.mediaUrlSecret,
    TABLE_NAME: names.table,
    MEDIA_BUCKET: names.mediaBucket,
    UPLOADS_BUCKET: names.uploadsBucket,
    LOG_LEVEL: 'ERROR',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  const canned = await recordRequests(
    root,
    { ...env, DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}` },
    token,
    [
      { label: 'GET /users/me', method: 'GET', path: '/users/me' },
      { label: 'GET /books', method: 'GET', path: '/books' },
    ],
  );
  if (process.env.BENCH_CANNED_FILE) saveCanned(process.env.BENCH_CANNED_FILE, canned, env);
  const figures = await measureHandlerCpu(root, canned, env);
  console.log(
    'Handler CPU per request, in this process (middy chain, service, Table adapter, AWS SDK; DynamoDB answered from memory):',
  );
  for (const figure of figures)
    console.log(
      `  ${figure.label.padEnd(16)} ${figure.microseconds.toFixed(0).padStart(6)} µs   (rounds: ${figure.rounds.map((r) => r.toFixed(0)).join(', ')})`,
    );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bookstudio-bench-'));
  // BENCH_PROFILE_DIR=<dir> writes a CPU profile of the server and of each Lambda thread there;
  // BENCH_NODE_FLAGS="--trace-gc" runs the server with those flags of Node's (its output goes to the
  // file named by BENCH_SERVER_LOG).
  const profile = process.env.BENCH_PROFILE_DIR;
  const flags = [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  const server = spawn(
    process.execPath,
    flags.length
      ? [...flags, '--import', 'tsx', 'infra/local/start.ts']
      : [join(serverRoot, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/start.ts'],
    {
      cwd: serverRoot,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'ERROR' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let printed = '';
  const banner = new Promise<string>((resolve) => {
    server.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
      if (printed.includes('Cognito :')) resolve(printed);
    });
  });
  try {
    await waitForHealth();
    const cognitoPort = Number(/Cognito :(\d+)/.exec(await banner)?.[1]);
    const { token, bookId, chapterId } = await populate(cognitoPort);
    const headers = { authorization: `Bearer ${token}` };
    const endpoints: [string, string][] = [
      ['GET /users/me', '/users/me'],
      ['GET /books', '/books'],
      ['GET /books?book_type=learning', '/books?book_type=learning'],
      ['GET /books/{id}/chapters', `/books/${bookId}/chapters`],
      ['GET /books/learning-progress', '/books/learning-progress'],
      ['GET /books/superadmin-learning-books', '/books/superadmin-learning-books'],
      ['GET /books/superadmin-entertainment-books', '/books/superadmin-entertainment-books'],
      ['GET /books/{id}/learning-content', `/books/${bookId}/learning-content`],
      ['GET /books/{id}/quizzes', `/books/${bookId}/quizzes`],
      ['GET /ai/learning-content/{chapter}', `/ai/learning-content/${chapterId}`],
      ['GET /users/me/activity', '/users/me/activity'],
      ['GET /users/me/badges', '/users/me/badges'],
      ['GET /creator/prompts', '/creator/prompts'],
    ];
    const only = process.env.BENCH_ONLY;
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; server ${serverRoot === root ? 'this checkout' : serverRoot}`,
    );
    console.log(
      `${connections} connections, ${duration} s each, ${BOOKS} books per user; p99 target < ${P99_TARGET_MS} ms`,
    );
    console.log(
      'endpoint                                      req/s   p50 ms   p99 ms   non-2xx   server µs CPU/req   load µs CPU/req   load average',
    );
    // BENCH_ONLY: labels containing one of its comma-separated parts (`=label`: that label exactly).
    const chosen = (label: string) =>
      !only ||
      only.split(',').some((part) => (part.startsWith('=') ? label === part.slice(1) : label.includes(part)));
    for (const [label, path] of endpoints.filter(([label]) => chosen(label))) {
      const url = `${base}/api/v1${path}`;
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${label}: ${check.status} before the run`);
      await autocannon({ url, connections, duration: 2, headers }); // warm-up
      // CPU per request of the server (gateway, Lambda threads, local services) and of the load
      // generator (autocannon, in this process): they depend less on a shared machine's load.
      const serverCpuBefore = treeCpuSeconds(server.pid!);
      const loadCpuBefore = process.cpuUsage();
      const result = await autocannon({ url, connections, duration, headers });
      const loadCpu = process.cpuUsage(loadCpuBefore);
      const serverCpu = treeCpuSeconds(server.pid!) - serverCpuBefore;
      const served = Math.max(1, result.requests.total);
      const perRequest = (seconds: number) => ((seconds * 1e6) / served).toFixed(0);
      console.log(
        `${label.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(result.non2xx + result.errors).padStart(9)} ${perRequest(serverCpu).padStart(19)} ${perRequest((loadCpu.user + loadCpu.system) / 1e6).padStart(17)}   ${loadavg()
          .map((l) => l.toFixed(1))
          .join(
            ' ',
          )}${result.latency.p99 < P99_TARGET_MS ? '' : `   p99 target < ${P99_TARGET_MS} ms NOT met`}`,
      );
    }
    // In-process, it is this checkout's handler that runs: with another checkout's server it is left out.
    if (serverRoot === root)
      await handlerCpu(dataDir, Number(/DynamoDB :(\d+)/.exec(await banner)?.[1]), token);
    else
      console.log(
        `Handler CPU per request: not measured (the server is ${serverRoot}, the handler would be this checkout's)`,
      );
    const js = initialJavaScriptGzip();
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
