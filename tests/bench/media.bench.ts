import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getEngine } from '../../functions/engine';
import { ffmpegBinaries, hasFilter, probe, runFfmpeg } from '../../functions/engine/media/ffmpeg';
import { renderChapterFilm } from '../../functions/engine/productions/film';
import type { Engine } from '../../functions/engine/types';
import { TRANSITIONS, type TransitionType } from '../../functions/engine/video/types';
import { trackPeakMemory } from './process-memory';

/**
 * `npm run bench:media`: speech speed, the 5-scene 720p chapter render against the floor (FFmpeg
 * encoding the same output once), stream-copy merge and assembly against re-encoding, transitions with
 * xfade against the composed fallback, and peak memory — once per FFmpeg found (the system's and the
 * npm-bundled 2018 build), each in its own process, then a table with a row per build and the largest
 * difference between the builds' transition frames. BENCH_WARM_RUNS sets the warm chapter renders (5).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
/** Warm chapter renders timed after the first one. */
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 5);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const FADES = TRANSITIONS.filter((t): t is Exclude<TransitionType, 'none'> => t !== 'none');

/** The figures a child reports to the parent, one row of the summary. */
interface Figures {
  build: string;
  speechFactor: number;
  coldRatio: number;
  warmRatio: number;
  warmRenderMs: number;
  peakMb: number;
  mergeSpeedup: number;
  assembleSpeedup: number;
  transitionMs: number;
  fallbackMs: number;
  xfade: boolean;
}

/** Wraps every engine method to add up the time spent in each capability. */
function timedEngine(engine: Engine) {
  const spent = new Map<string, number>();
  const wrapped = Object.fromEntries(
    Object.entries(engine).map(([capability, implementation]) => [
      capability,
      new Proxy(implementation as object, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const started = performance.now();
            const result = (value as (...a: unknown[]) => unknown).apply(target, args);
            if (!(result instanceof Promise)) return result;
            const name = `${capability}.${String(key)}`;
            return result.finally(() =>
              spent.set(name, (spent.get(name) ?? 0) + performance.now() - started),
            );
          };
        },
      }),
    ]),
  ) as unknown as Engine;
  return { engine: wrapped, spent };
}

/** One build's measurements (run in a child process with FFMPEG_PATH and FFPROBE_PATH set). */
async function measure(shared: string): Promise<Figures> {
  const work = mkdtempSync(join(tmpdir(), 'bookstudio-media-bench-'));
  const base = getEngine();
  try {
    const binaries = ffmpegBinaries();
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, FFmpeg ${binaries.version} (${binaries.ffmpeg})`,
    );

    // Speech: a ~3 000-word chapter, after a warm-up.
    const chapter = readFileSync(join(root, 'docs/samples/harbour-chapter.txt'), 'utf8');
    let long = '';
    while (long.split(/\s+/).length < 3000) long += `${chapter}\n\n`;
    const voice = base.speech.voiceFor({ model: 'elevenlabs_narrator', role: 'narrator', language: 'en' });
    await base.speech.synthesize({
      text: 'Warming up the voice.',
      voice,
      outputPath: join(work, 'warm.wav'),
    });
    const speechStart = performance.now();
    const speech = await base.speech.synthesize({ text: long, voice, outputPath: join(work, 'speech.wav') });
    const speechMs = performance.now() - speechStart;
    const factor = speech.duration / (speechMs / 1000);
    console.log(
      `Speech: ${long.split(/\s+/).length} words → ${speech.duration.toFixed(0)} s of audio in ${seconds(speechMs)}: ${factor.toFixed(0)}× real time (target ≥ 50×: ${factor >= 50 ? 'met' : 'NOT met'})`,
    );

    // Chapter video: 5 scenes at 720p, with the time spent per capability. The first film of the
    // process is "cold" (code not yet optimised by the JIT, fonts not yet loaded); a worker renders
    // many, so more are timed warm. Each render is followed by its floor.
    const { engine, spent } = timedEngine(base);
    const renderFilm = async (run: number, timed: Engine) => {
      const started = performance.now();
      const film = await renderChapterFilm(
        timed,
        {
          bookTitle: 'The Lighthouse',
          chapter: { title: 'The Storm', content: chapter },
          sceneCount: 5,
          size: { width: 1280, height: 720 },
          fps: 25,
          seed: 7,
        },
        join(work, `film-${run}`),
        join(work, `chapter-${run}.mp4`),
      );
      const renderMs = performance.now() - started;
      const floorStart = performance.now();
      await runFfmpeg([
        '-i',
        film.path,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '160k',
        '-f',
        'mp4',
        join(work, `floor-${run}.mp4`),
      ]);
      const floorMs = performance.now() - floorStart;
      return { film, renderMs, floorMs, ratio: renderMs / floorMs };
    };
    const memory = trackPeakMemory();
    const cold = await renderFilm(0, engine);
    const peak = memory.stop();
    // The machine's speed drifts from second to second: each warm render is compared with the mean
    // of the floors just before it (the previous, identical film) and just after it.
    const warm: { renderMs: number; floorMs: number; ratio: number }[] = [];
    let previousFloor = cold.floorMs;
    for (let run = 1; run <= WARM_RUNS; run++) {
      const result = await renderFilm(run, base);
      const floorMs = (previousFloor + result.floorMs) / 2;
      warm.push({ renderMs: result.renderMs, floorMs, ratio: result.renderMs / floorMs });
      previousFloor = result.floorMs;
    }
    const median = [...warm].sort((a, b) => a.ratio - b.ratio)[Math.floor(WARM_RUNS / 2)]!;
    const video = cold.film;
    const verdict = (ratio: number) => `target ≤ 1.3×: ${ratio <= 1.3 ? 'met' : 'NOT met'}`;
    console.log(
      `Chapter video: ${video.scenes.length} scenes, ${video.probe.duration.toFixed(1)} s at ${video.probe.video?.width}×${video.probe.video?.height}`,
    );
    console.log(
      `  cold (first film of the process): rendered in ${seconds(cold.renderMs)}; FFmpeg encoding the same output once: ${seconds(cold.floorMs)} → ratio ${cold.ratio.toFixed(2)}× (${verdict(cold.ratio)})`,
    );
    console.log(
      `  warm (median of ${WARM_RUNS}): rendered in ${seconds(median.renderMs)}; floor ${seconds(median.floorMs)} → ratio ${median.ratio.toFixed(2)}× ` +
        `(runs ${warm.map((w) => `${w.ratio.toFixed(2)}×`).join(', ')}; ${verdict(median.ratio)})`,
    );
    console.log(
      '  time per capability in the cold film (capabilities overlap, so they add up to more than the render):',
    );
    for (const [name, ms] of [...spent.entries()].sort((a, b) => b[1] - a[1]))
      console.log(`    ${name.padEnd(24)} ${seconds(ms)}`);
    console.log(
      `  peak memory of the cold film (process and FFmpeg children): ${(peak / 2 ** 20).toFixed(0)} MB`,
    );

    // Merge of compatible clips: stream copy vs re-encode.
    // Cut the film into five parts (stream copy), then merge them back both ways.
    await runFfmpeg([
      '-i',
      video.path,
      '-c',
      'copy',
      '-f',
      'segment',
      '-segment_time',
      String(video.probe.duration / 5),
      '-reset_timestamps',
      '1',
      join(work, 'part-%d.mp4'),
    ]);
    const inputs: { path: string; type: 'video'; start_time: number; volume: number }[] = [];
    let cursor = 0;
    for (let i = 0; ; i++) {
      const path = join(work, `part-${i}.mp4`);
      const info = await probe(path).catch(() => null);
      if (!info) break;
      inputs.push({ path, type: 'video', start_time: cursor, volume: 1 });
      cursor += info.duration;
    }
    const same = {
      video_codec: 'libx264' as const,
      audio_codec: 'aac' as const,
      resolution: '1280x720',
      fps: 25,
      preset: 'veryfast' as const,
      crf: 20,
    };
    const copyStart = performance.now();
    const copied = await base.video.merge({
      inputs,
      tier: 'custom',
      format: 'mp4',
      params: same,
      outputPath: join(work, 'merge-copy.mp4'),
    });
    const copyMs = performance.now() - copyStart;
    const encodeStart = performance.now();
    // A volume change on every input is the smallest edit that rules out stream copy.
    const encoded = await base.video.merge({
      inputs: inputs.map((i) => ({ ...i, volume: 0.99 })),
      tier: 'custom',
      format: 'mp4',
      params: same,
      outputPath: join(work, 'merge-encode.mp4'),
    });
    const encodeMs = performance.now() - encodeStart;
    console.log(
      `Merge of ${inputs.length} compatible clips (${copied.probe.duration.toFixed(1)} s): ${copied.method} ${seconds(copyMs)} vs ${encoded.method} ${seconds(encodeMs)} → stream copy ${(encodeMs / copyMs).toFixed(0)}× faster`,
    );

    // Assembly of the same parts: stream copy (no transitions) against encoding (a different size).
    const parts = inputs.map((i) => ({ path: i.path }));
    const assembleCopyStart = performance.now();
    const assembledCopy = await base.video.assemble({
      clips: parts,
      size: { width: 1280, height: 720 },
      fps: 25,
      outputPath: join(work, 'assemble-copy.mp4'),
    });
    const assembleCopyMs = performance.now() - assembleCopyStart;
    const assembleEncodeStart = performance.now();
    const assembledEncoded = await base.video.assemble({
      clips: parts,
      size: { width: 1280, height: 704 },
      fps: 25,
      outputPath: join(work, 'assemble-encode.mp4'),
    });
    const assembleEncodeMs = performance.now() - assembleEncodeStart;
    console.log(
      `Assembly of the same ${parts.length} clips: ${assembledCopy.method} ${seconds(assembleCopyMs)} vs ${assembledEncoded.method} ${seconds(assembleEncodeMs)} → stream copy ${(assembleEncodeMs / assembleCopyMs).toFixed(0)}× faster`,
    );

    // Transitions: three 3 s moving patterns (made once by the parent, the same for every build)
    // joined by 1 s transitions of every kind, as the engine picks (xfade where this build has it and
    // draws alike) and with xfade ignored, alternately, the faster of two runs each. The outputs as
    // picked are kept for the parent, which compares the builds frame by frame.
    const clips = [0, 1, 2].map((i) => join(shared, '..', 'inputs', `clip${i}.mp4`));
    const transitionRun = async (type: TransitionType, ignore: boolean, output: string) => {
      process.env.ENGINE_FFMPEG_IGNORE_FILTERS = ignore ? 'xfade' : '';
      const started = performance.now();
      await base.video.assemble({
        clips: clips.map((path, i) => ({ path, ...(i ? { transition: { type, duration: 1 } } : {}) })),
        size: { width: 640, height: 360 },
        fps: 25,
        outputPath: output,
      });
      return performance.now() - started;
    };
    let transitionMs = 0;
    let fallbackMs = 0;
    const perKind: string[] = [];
    for (const type of FADES) {
      const picked: number[] = [];
      const composed: number[] = [];
      for (let round = 0; round < 2; round++) {
        picked.push(await transitionRun(type, false, join(shared, `${type}.mp4`)));
        composed.push(await transitionRun(type, true, join(work, `${type}-composed.mp4`)));
      }
      transitionMs += Math.min(...picked);
      fallbackMs += Math.min(...composed);
      perKind.push(`${type} ${seconds(Math.min(...picked))} / ${seconds(Math.min(...composed))}`);
    }
    delete process.env.ENGINE_FFMPEG_IGNORE_FILTERS;
    console.log(
      `Transitions (3 clips of 3 s at 640×360, 1 s each), as picked (xfade ${hasFilter('xfade') ? 'available' : 'absent'}) / composed: ${perKind.join(', ')}`,
    );
    return {
      build: `${binaries.version} (${binaries.ffmpeg.includes('node_modules') ? 'npm bundled' : binaries.ffmpeg})`,
      speechFactor: factor,
      coldRatio: cold.ratio,
      warmRatio: median.ratio,
      warmRenderMs: median.renderMs,
      peakMb: peak / 2 ** 20,
      mergeSpeedup: encodeMs / copyMs,
      assembleSpeedup: assembleEncodeMs / assembleCopyMs,
      transitionMs,
      fallbackMs,
      xfade: hasFilter('xfade'),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The FFmpeg builds to compare: the system's (if any) and the npm-bundled one, or FFMPEG_PATH alone. */
function builds(): { ffmpeg: string; ffprobe: string }[] {
  if (process.env.FFMPEG_PATH)
    return [{ ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH ?? 'ffprobe' }];
  const found: { ffmpeg: string; ffprobe: string }[] = [];
  const which = (name: string) => spawnSync('which', [name], { encoding: 'utf8' }).stdout.trim();
  if (which('ffmpeg') && which('ffprobe')) found.push({ ffmpeg: which('ffmpeg'), ffprobe: which('ffprobe') });
  const require = createRequire(import.meta.url);
  found.push({
    ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  });
  return found;
}

/** Luma planes of every frame, decoded by one FFmpeg so that only the encoders' outputs differ. */
function lumaFrames(ffmpeg: string, path: string): Buffer[] {
  const raw = execFileSync(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  const size = 640 * 360;
  return Array.from({ length: Math.floor(raw.length / size) }, (_, i) =>
    raw.subarray(i * size, (i + 1) * size),
  );
}

async function main() {
  const childOutput = process.env.BENCH_MEDIA_CHILD;
  if (childOutput) {
    const figures = await measure(childOutput);
    console.log(`FIGURES ${JSON.stringify(figures)}`);
    return;
  }
  const shared = mkdtempSync(join(tmpdir(), 'bookstudio-media-builds-'));
  try {
    const rows: Figures[] = [];
    const found = builds();
    // The transition inputs, made once so that every build starts from the same bytes.
    mkdirSync(join(shared, 'inputs'));
    const patterns = ['testsrc2', 'mandelbrot', 'testsrc'];
    patterns.forEach((source, i) =>
      execFileSync(found[0]!.ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-t',
        '3',
        '-i',
        `${source}=s=640x360:r=25`,
        '-f',
        'lavfi',
        '-i',
        `sine=f=${300 + 150 * i}:d=3:r=48000`,
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-ac',
        '2',
        '-shortest',
        join(shared, 'inputs', `clip${i}.mp4`),
      ]),
    );
    for (const [i, build] of found.entries()) {
      const dir = join(shared, String(i));
      mkdirSync(dir);
      console.log(`\n=== FFmpeg ${build.ffmpeg}`);
      const child = spawnSync(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), fileURLToPath(import.meta.url)],
        {
          env: {
            ...process.env,
            FFMPEG_PATH: build.ffmpeg,
            FFPROBE_PATH: build.ffprobe,
            BENCH_MEDIA_CHILD: dir,
          },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const lines = child.stdout.trim().split('\n');
      console.log(lines.filter((line) => !line.startsWith('FIGURES ')).join('\n'));
      const figures = lines.find((line) => line.startsWith('FIGURES '));
      if (child.status !== 0 || !figures) throw new Error(`the bench failed with ${build.ffmpeg}`);
      rows.push(JSON.parse(figures.slice('FIGURES '.length)) as Figures);
    }
    console.log(
      '\n| FFmpeg | speech | chapter film cold / warm (÷ floor) | warm render | peak memory | merge copy | assembly copy | transitions as picked / composed |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of rows)
      console.log(
        `| ${r.build} | ${r.speechFactor.toFixed(0)}× real time | ${r.coldRatio.toFixed(2)}× / ${r.warmRatio.toFixed(2)}× | ${seconds(r.warmRenderMs)} | ${r.peakMb.toFixed(0)} MB | ${r.mergeSpeedup.toFixed(0)}× faster | ${r.assembleSpeedup.toFixed(0)}× faster | ${seconds(r.transitionMs)} (${r.xfade ? 'xfade for fade/wipes' : 'no xfade'}) / ${seconds(r.fallbackMs)} |`,
      );
    if (found.length > 1) {
      // The same transitions rendered by each build, decoded by the first: mean luma difference per frame.
      const decoder = found[0]!.ffmpeg;
      const parts: string[] = [];
      for (const type of FADES) {
        const paths = found.map((_, i) => join(shared, String(i), `${type}.mp4`));
        if (!paths.every((p) => existsSync(p))) continue;
        const [a, b] = paths.map((p) => lumaFrames(decoder, p));
        const differences: number[] = [];
        for (let k = 0; k < Math.min(a!.length, b!.length); k++) {
          let sum = 0;
          for (let j = 0; j < a![k]!.length; j++) sum += Math.abs(a![k]![j]! - b![k]![j]!);
          differences.push(sum / a![k]!.length);
        }
        const mean = differences.reduce((x, y) => x + y, 0) / differences.length;
        parts.push(
          `${type} ${mean.toFixed(2)} / ${Math.max(...differences).toFixed(2)}${a!.length === b!.length ? '' : ` (frames ${a!.length} vs ${b!.length})`}`,
        );
      }
      console.log(
        `\nTransitions, the builds' outputs compared frame by frame: mean / largest mean luma difference of a frame (0–255): ${parts.join(', ')}`,
      );
    }
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
