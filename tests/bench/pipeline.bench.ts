import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Script } from '../../functions/contracts/scripts';
import type { GenerationStarted, PipelineStatus, VideoGeneration } from '../../functions/contracts/video';
import { GENERATION_SIZES } from '../../functions/contracts/video';
import { ffmpegBinaries, probe } from '../../functions/engine/media/ffmpeg';
import { AAC_FAST } from '../../functions/engine/productions/shots';
import { clipSettings, containerArgs, videoEncoderArgs } from '../../functions/engine/video/encoding';
import { getAdapters } from '../../functions/lib/adapters';
import { createVideoRepository } from '../../functions/video/repository';
import {
  novelWithPlot,
  startTestRuntime,
  upgradeToBasic,
  writtenScript,
  type TestRuntime,
} from '../integration/helpers';
import { cpuAt, trackProcessTree, type TreePeaks } from './process-memory';
import { machine, median } from './timing';
import {
  autoScript,
  chapterFigures,
  printChapterFigures,
  realChapter,
  saveTimeline,
  upgradeToPro,
} from './pipeline-chapter';

/**
 * `npm run bench:pipeline`: the chapter video pipeline on the whole local stack (API, Step Functions,
 * the worker-thread Lambda pool, storage), local engine. A real chapter from ../shared/corpus
 * (BENCH_BOOK, BENCH_TITLE; Treasure Island's "The Black Spot" by default) with target duration
 * `auto` — or, with BENCH_SOURCE=fixture, a 5-scene script of the fixture novel's third chapter
 * (BENCH_CHAPTER picks another) — filmed at `basic` quality (1280×720, 24 fps), from the start call
 * to `completed`. Of the real chapter: the share of its words spoken and shown in the subtitles, the
 * share of spoken lines that are its own sentences and of subtitle word pairs that are its own, the
 * share of still 8-s windows, and the timeline, status and file lengths (see pipeline-chapter.ts);
 * and of every run:
 *
 * - total wall time (start call → the execution's end, and when a client polling every 2 s saw it),
 *   each stage's time from the execution's history (cross-checked with the stage items' times that
 *   `GET /ai/pipeline-status/{id}` answers) and its CPU seconds (this process and its children, from
 *   /proc), the film's length and the real-time factor (film s ÷ wall s, target ≥ 1.5× on 2 cores);
 * - the render stages (RenderSceneVideos + MergeAudioAndVideo) against the raw FFmpeg floor: the
 *   finished film re-encoded once, picture and sound, with the pipeline's own encoder settings, in the
 *   same run, in wall and in CPU seconds (target ≤ 1.3×), and the sound's share of that floor;
 * - ApplyLipSync's speed, film s ÷ stage s (target ≥ 4×);
 * - memory: this process's resident memory (the local services and every worker thread of the local
 *   Lambda pool), the whole tree's with FFmpeg, the FFmpeg set of each task, and a bound for one worker
 *   (target: no worker above 1.5 GB);
 * - a redo of the lip-sync on the finished film (`POST /ai/trigger-lip-sync/{id}`): its total, its
 *   ApplyLipSync and Publish times, and that no stage before lip-sync ran.
 *
 * On a machine shared with other work the wall times say how busy it was; the CPU seconds say what
 * the work cost. BENCH_RUNS (default 1) runs the generation that many times on the same runtime and
 * prints the median. BENCH_PROFILE=ffmpeg runs every FFmpeg and ffprobe process under /usr/bin/time
 * (through FFMPEG_PATH and FFPROBE_PATH) and prints their time by task and kind, each stage's CPU split
 * into FFmpeg and the rest, and the stage items' timeline; the wrappers cost a little, so recorded
 * figures come from runs without it.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const PROFILE = process.env.BENCH_PROFILE === 'ffmpeg';
/** BENCH_REDO=0 skips the lip-sync redo (the chapter's figures and the run's alone). */
const REDO = process.env.BENCH_REDO !== '0';
const QUALITY = 'basic' as const;
/** The workspace polls a running generation every 2 s (spec 2); a faster poll would load the stack. */
const POLL_MS = 2000;

const STATES = [
  'PlanProduction',
  'GenerateAudio',
  'GenerateImages',
  'RenderSceneVideos',
  'MergeAudioAndVideo',
  'ApplyLipSync',
  'Publish',
] as const;
type StateName = (typeof STATES)[number];
/** States that render nothing before lip-sync: a redo of the lip-sync must enter none of them. */
const BEFORE_LIPSYNC = ['GenerateAudio', 'GenerateImages', 'RenderSceneVideos', 'MergeAudioAndVideo'];

/** The task's work directory in an FFmpeg command line (bookstudio-video-render-Ab12Cd, bookstudio-lipsync-…). */
const WORK_DIR = /\/((?:video|bookstudio)-(?!pipeline-bench)[a-z-]+?)-[A-Za-z0-9]{6}\//;
const workDirOf = (cmdline: string) => WORK_DIR.exec(cmdline)?.[0] ?? null;
const groupKind = (group: string) => WORK_DIR.exec(group)![1]!;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** CPU seconds of this process and its finished children (FFmpeg), from /proc. */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface HistoryEvent {
  timestamp: number;
  type: string;
  stateEnteredEventDetails?: { name: string };
  stateExitedEventDetails?: { name: string };
  taskFailedEventDetails?: { resource: string; error: string; cause: string };
}

/** Each top-level state's time (first entered → last exited) in one execution, and the states entered. */
async function executionTimes(t: TestRuntime, executionName: string) {
  const sfn = t.runtime.stepFunctions;
  const machines = (await sfn.call('ListStateMachines', {})) as {
    stateMachines: { name: string; stateMachineArn: string }[];
  };
  const arn = machines.stateMachines.find((m) => m.name.endsWith('video-pipeline'))!.stateMachineArn;
  const executions = sfn.listExecutions({ stateMachineArn: arn, maxResults: 1000 }) as {
    executions: { executionArn: string; name: string }[];
  };
  const execution = executions.executions.find((e) => e.name === executionName);
  if (!execution) throw new Error(`No execution named ${executionName}`);
  const described = sfn.describeExecution(execution.executionArn) as { startDate: number; stopDate?: number };
  const events: HistoryEvent[] = [];
  let nextToken: string | undefined;
  do {
    const page = sfn.getExecutionHistory({
      executionArn: execution.executionArn,
      maxResults: 1000,
      nextToken,
    }) as {
      events: HistoryEvent[];
      nextToken?: string;
    };
    events.push(...page.events);
    nextToken = page.nextToken;
  } while (nextToken);
  const entered = new Map<string, number>();
  const exited = new Map<string, number>();
  for (const e of events) {
    const name = e.stateEnteredEventDetails?.name;
    if (name && !entered.has(name)) entered.set(name, e.timestamp);
    const out = e.stateExitedEventDetails?.name;
    if (out) exited.set(out, e.timestamp);
  }
  const span = (name: string): [number, number] | null =>
    entered.has(name) && exited.has(name) ? [entered.get(name)!, exited.get(name)!] : null;
  const seconds = (name: string) => {
    const found = span(name);
    return found ? found[1] - found[0] : null;
  };
  return {
    startDate: described.startDate,
    total: (described.stopDate ?? described.startDate) - described.startDate,
    stopDate: described.stopDate ?? described.startDate,
    states: Object.fromEntries(STATES.map((n) => [n, seconds(n)])) as Record<StateName, number | null>,
    spans: Object.fromEntries(STATES.map((n) => [n, span(n)])) as Record<StateName, [number, number] | null>,
    entered: new Set(entered.keys()),
    /** Tasks that failed (and were retried, when the run still completed): a cost the stages paid. */
    failures: events.flatMap((e) =>
      e.taskFailedEventDetails
        ? [
            `${e.taskFailedEventDetails.resource}: ${e.taskFailedEventDetails.error} ${e.taskFailedEventDetails.cause.slice(0, 300)}`,
          ]
        : [],
    ),
  };
}

/**
 * FFMPEG_PATH and FFPROBE_PATH pointing at wrappers that run the real binaries under /usr/bin/time
 * and write, per process, the tool, its arguments and its wall, user and system seconds and peak memory.
 */
function profileWrappers(dir: string): { ffmpeg: string; ffprobe: string; log: string } {
  const log = join(dir, 'ffmpeg-log');
  mkdirSync(log, { recursive: true });
  const wrap = (tool: 'ffmpeg' | 'ffprobe', real: string) => {
    const path = join(dir, tool);
    writeFileSync(
      path,
      [
        '#!/bin/bash',
        `out="${log}/$$-$(date +%s%N)"`,
        `printf "%s\\n" ${tool} "$@" > "$out.args"`,
        `exec /usr/bin/time -q -o "$out.time" -f "%e %U %S %M" "${real}" "$@"`,
        '',
      ].join('\n'),
    );
    chmodSync(path, 0o755);
    return path;
  };
  const { ffmpeg, ffprobe } = ffmpegBinaries();
  return { ffmpeg: wrap('ffmpeg', ffmpeg), ffprobe: wrap('ffprobe', ffprobe), log };
}

/** The stage whose worker made a work directory. */
const STAGE_OF_DIR: Record<string, StateName> = {
  'bookstudio-video-audio': 'GenerateAudio',
  'bookstudio-video-portrait': 'GenerateImages',
  'bookstudio-video-scene': 'GenerateImages',
  'bookstudio-video-render': 'RenderSceneVideos',
  'bookstudio-video-merge': 'MergeAudioAndVideo',
  'bookstudio-video-lipsync': 'ApplyLipSync',
  // The engine's own work directories, for FFmpeg runs whose output stays in them.
  'bookstudio-mix': 'GenerateAudio',
  'bookstudio-lipsync': 'ApplyLipSync',
  'bookstudio-lipsync-sync': 'ApplyLipSync',
  'bookstudio-video-publish': 'Publish',
};

/** The kind of an FFmpeg command, from its arguments (what the pipeline uses it for). */
function commandKind(args: string[]): string {
  const text = args.join(' ');
  if (args[0] === 'ffprobe') return 'ffprobe';
  if (args.includes('-version') || args.includes('-filters')) return 'capability probe';
  if (text.includes('-filter_complex_script') && text.includes('lipsync'))
    return 'talking-head shot (lip-sync)';
  if (text.includes('zoompan') || text.includes('loop=loop')) return 'shots of a scene (camera moves)';
  if (text.includes('-f concat')) return 'join by stream copy';
  if (text.includes('adelay') && text.includes('apad')) return 'place speech (lip-sync)';
  if (args.includes('-map') && args.includes('0:v') && args.includes('1:a')) return 'mux picture + sound';
  if (text.includes('ebur128') || text.includes('loudnorm') || text.includes('amix'))
    return 'audio mix / loudness';
  if (text.includes('-frames:v 1') || text.includes('-vframes')) return 'thumbnail';
  if (text.includes('libx264')) return 'other H.264 encode';
  return 'other (audio)';
}

function readProfile(log: string) {
  const kinds = new Map<
    string,
    { task: string; kind: string; count: number; wall: number; cpu: number; peak: number }
  >();
  for (const file of readdirSync(log)) {
    if (!file.endsWith('.time')) continue;
    const base = join(log, file.slice(0, -'.time'.length));
    const [wall, user, sys, kb] = readFileSync(`${base}.time`, 'utf8').trim().split(/\s+/).map(Number);
    const args = readFileSync(`${base}.args`, 'utf8').split('\n');
    // The task whose work directory the output goes to (a talking head works in a directory of its
    // own but writes into the render's or the lip-sync's), else the first directory named.
    const output = args.filter(Boolean).at(-1) ?? '';
    const task = WORK_DIR.exec(output)?.[1] ?? WORK_DIR.exec(args.join(' '))?.[1] ?? '-';
    const kind = commandKind(args);
    const k = kinds.get(`${task} ${kind}`) ?? { task, kind, count: 0, wall: 0, cpu: 0, peak: 0 };
    kinds.set(`${task} ${kind}`, {
      task,
      kind,
      count: k.count + 1,
      wall: k.wall + wall!,
      cpu: k.cpu + user! + sys!,
      peak: Math.max(k.peak, kb! * 1024),
    });
  }
  rmSync(log, { recursive: true, force: true });
  mkdirSync(log, { recursive: true });
  return [...kinds.values()].sort((a, b) => b.cpu - a.cpu);
}

/**
 * A command under /usr/bin/time, without blocking the event loop (the gateway and the workers' host
 * run in this process): its CPU seconds and peak memory.
 */
function timedRun(command: string, args: string[]): Promise<{ cpu: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', command, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`));
      const [, user, sys, kb] = stderr.trim().split('\n').at(-1)!.split(/\s+/).map(Number);
      resolve({ cpu: user! + sys!, peak: kb! * 1024 });
    });
  });
}

/** The film's integrated loudness (LUFS) and true peak (dBTP), by FFmpeg's EBU R128 meter. */
function filmLoudness(path: string): Promise<{ lufs: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegBinaries().ffmpeg,
      ['-hide_banner', '-nostats', '-i', path, '-map', '0:a', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', () => {
      const summary = log.slice(log.lastIndexOf('Summary:'));
      const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
      const peak = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
      resolve({ lufs, peak });
    });
  });
}

interface RunFigures {
  /** Start call → the execution's end (the run's completion). */
  wall: number;
  /** Start call → a client polling every 2 s saw it completed. */
  seen: number;
  cpu: number;
  execution: number;
  load: string;
  film: number;
  bytes: number;
  states: Record<StateName, number | null>;
  /** CPU seconds the process tree used during each state. */
  stateCpu: Record<StateName, number | null>;
  stages: PipelineStatus['stages'];
  render: number;
  /** The film re-encoded once (`soundCpu`: its sound alone re-encoded, the sound's share). */
  floor: { wall: number; cpu: number; peak: number; soundCpu: number };
  loudness: { lufs: number; peak: number };
  lipsync: number;
  talkingSeconds: number;
  speakers: number;
  memory: TreePeaks;
  /** This process's resident memory before the run (local services, idle worker threads). */
  baseline: number;
  retry: { wall: number; lipsync: number; publish: number; plan: number; rerendered: string[] } | null;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bookstudio-pipeline-bench-'));
  const profile = PROFILE ? profileWrappers(work) : null;
  if (profile) {
    process.env.FFMPEG_PATH = profile.ffmpeg;
    process.env.FFPROBE_PATH = profile.ffprobe;
  }
  const t = await startTestRuntime();
  try {
    // A real chapter from ../shared/corpus with target `auto` (BENCH_SOURCE=fixture: the fixture
    // novel's third chapter with a 5-scene script, as the figures before the chapter film).
    const real = process.env.BENCH_SOURCE !== 'fixture';
    const picked = real ? await realChapter(t) : null;
    const { owner, book } = picked ?? (await novelWithPlot(t));
    // A paying user: the free tier films at 480p with its watermark (an export encode) and 2 a month.
    // A chapter told whole lasts longer than the Basic plan's 10 min: the Pro plan's 30.
    await (picked ? upgradeToPro : upgradeToBasic)(t, owner);
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await t.api<T>(method, path, { token: owner, ...(body === undefined ? {} : { body }) });
      if (answer.status >= 300)
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };

    // The test novel's third chapter (the integration test's and bench:workspace's), unless
    // BENCH_CHAPTER names another: its 5-scene screenplay must have lines from two characters or more.
    const wanted = Number(process.env.BENCH_CHAPTER ?? 3);
    let chosen: { chapter: (typeof book.chapters)[number]; script: Script; speakers: string[] } | null = null;
    for (const chapter of picked ? [picked.chapter] : book.chapters) {
      const script = await writtenScript(t, owner, {
        chapter_id: chapter.id,
        ...(picked ? autoScript : { script_style: 'cinematic_movie', scene_count: 5 }),
      });
      const speakers = [...new Set(script.scenes.flatMap((sc) => sc.dialogue.map((d) => d.character)))];
      console.log(
        `chapter ${chapter.chapter_number} "${chapter.title}": ${script.scenes.length} scenes, ${script.scenes.reduce((n, sc) => n + sc.dialogue.length, 0)} lines by ${speakers.join(', ') || 'nobody'}`,
      );
      if (picked || chapter.chapter_number === wanted) chosen = { chapter, script, speakers };
    }
    if (!chosen || (!picked && (chosen.script.scenes.length !== 5 || chosen.speakers.length < 2)))
      throw new Error(`Chapter ${wanted} has no 5-scene script with two speakers`);
    const { chapter, script } = chosen;
    const size = GENERATION_SIZES[QUALITY];
    console.log(
      `\nfilming chapter ${chapter.chapter_number} "${chapter.title}" (${chosen.speakers.length} speakers) at ${QUALITY}: ${size.width}×${size.height} @ ${size.fps} fps`,
    );
    console.log(`machine: ${machine()}, FFmpeg ${ffmpegBinaries().version} (${ffmpegBinaries().source})`);

    if (picked) await saveTimeline(t, owner, chosen.chapter.id, chosen.script);
    const waitFor = async (id: string) => {
      for (;;) {
        // The job's state, not generation_status: a redo keeps saying completed until it is planned.
        const answer = await t.api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`, {
          token: owner,
        });
        // A poll the busy stack could not answer in time is tried again, as the workspace does.
        if (answer.status === 503) console.log(`a status poll answered 503 (load average ${load()})`);
        else if (answer.status >= 300)
          throw new Error(`status: ${answer.status} ${JSON.stringify(answer.body)}`);
        else if (['ready', 'failed', 'cancelled'].includes(answer.body.task_status)) return answer.body;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };

    const redoLipSync = async (done: VideoGeneration) => {
      const retryStarted = Date.now() / 1000;
      const retried = await api<VideoGeneration>('POST', `/ai/trigger-lip-sync/${done.id}`);
      const redone = await waitFor(done.id);
      if (redone.generation_status !== 'completed')
        throw new Error(`The lip-sync redo ended ${redone.generation_status}: ${redone.error_message}`);
      await t.runtime.stepFunctions.idle();
      const retryHistory = await executionTimes(t, retried.execution_name);
      if (profile) readProfile(profile.log);
      return {
        wall: retryHistory.stopDate - retryStarted,
        lipsync: retryHistory.states.ApplyLipSync ?? NaN,
        publish: retryHistory.states.Publish ?? NaN,
        plan: retryHistory.states.PlanProduction ?? NaN,
        rerendered: BEFORE_LIPSYNC.filter((n) => retryHistory.entered.has(n)),
      };
    };

    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const baseline = process.memoryUsage().rss;
      const tracker = trackProcessTree(100, workDirOf);
      const cpuAtStart = cpuSeconds();
      const started = Date.now() / 1000;
      const start = await api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
        script_id: script.id,
        chapter_id: chapter.id,
        quality_tier: QUALITY,
        video_style: 'realistic',
        mode: 'basic',
      });
      const done = await waitFor(start.video_generation_id);
      const seen = Date.now() / 1000 - started;
      const cpu = cpuSeconds() - cpuAtStart;
      const memory = tracker.stop();
      const loadAfter = load();
      if (done.generation_status !== 'completed')
        throw new Error(`Run ${run} ended ${done.generation_status}: ${done.error_message}`);
      await t.runtime.stepFunctions.idle();
      const ffmpegProfile = profile ? readProfile(profile.log) : null;

      const status = await api<PipelineStatus>('GET', `/ai/pipeline-status/${done.id}`);
      const history = await executionTimes(t, done.execution_name);
      for (const failure of history.failures)
        console.log(`run ${run}: a task failed and was retried: ${failure}`);
      const response = await fetch(`${new URL(t.runtime.apiUrl).origin}${done.video_url}`);
      const film = join(work, `film-${run}.mp4`);
      writeFileSync(film, Buffer.from(await response.arrayBuffer()));
      const probed = await probe(film);
      if (probed.video?.width !== size.width || probed.video.height !== size.height)
        throw new Error(`The film is ${probed.video?.width}×${probed.video?.height}`);

      if (picked)
        printChapterFigures(
          await chapterFigures(t, owner, {
            bookId: book.id,
            chapterId: chapter.id,
            text: picked.text,
            generation: await api<VideoGeneration>('GET', `/ai/video-generation-status/${done.id}`),
            film,
            fileSeconds: probed.duration,
          }),
        );

      // The floor: the same film re-encoded once, picture and sound, with the pipeline's own encoder
      // settings; then its sound alone, to tell the picture's share.
      const again = join(work, `floor-${run}.mp4`);
      const quiet = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', film];
      const floorStarted = performance.now();
      const timed = await timedRun(ffmpegBinaries().ffmpeg, [
        ...quiet,
        ...videoEncoderArgs(clipSettings(size, size.fps)),
        '-r',
        String(size.fps),
        ...AAC_FAST,
        ...containerArgs('mp4'),
        again,
      ]);
      const floorWall = (performance.now() - floorStarted) / 1000;
      const soundAlone = await timedRun(ffmpegBinaries().ffmpeg, [
        ...quiet,
        '-vn',
        ...AAC_FAST,
        ...containerArgs('mp4'),
        again,
      ]);
      const floor = { wall: floorWall, cpu: timed.cpu, peak: timed.peak, soundCpu: soundAlone.cpu };
      rmSync(again, { force: true });
      const loudness = await filmLoudness(film);

      // Redo the lip-sync on the finished film: only ApplyLipSync and Publish should run.
      const retry = REDO ? await redoLipSync(done) : null;

      const lipSynced = await api<{ lip_synced_videos: { character?: string; duration: number }[] }>(
        'GET',
        `/ai/lip-synced-videos/${done.id}`,
      );
      const figures: RunFigures = {
        wall: history.stopDate - started,
        seen,
        cpu,
        execution: history.total,
        load: loadAfter,
        film: probed.duration,
        bytes: probed.bytes,
        states: history.states,
        stateCpu: Object.fromEntries(
          STATES.map((n) => {
            const span = history.spans[n];
            return [n, span ? cpuAt(memory, span[1]) - cpuAt(memory, span[0]) : null];
          }),
        ) as Record<StateName, number | null>,
        stages: status.stages,
        render: (history.states.RenderSceneVideos ?? 0) + (history.states.MergeAudioAndVideo ?? 0),
        floor,
        loudness,
        lipsync: history.states.ApplyLipSync ?? NaN,
        talkingSeconds: lipSynced.lip_synced_videos.reduce((sum, v) => sum + v.duration, 0),
        speakers: done.lipsync_progress.characters_lip_synced,
        memory,
        baseline,
        retry,
      };
      runs.push(figures);
      printRun(run, figures);
      if (ffmpegProfile) {
        printProfile(ffmpegProfile, figures);
        // Each stage item's own time, from the execution's start: how the Maps' items overlapped.
        const items = await createVideoRepository(getAdapters().table).listItems(book.id, done.id);
        console.log('stage items (seconds from the execution start → end, and own time):');
        for (const item of items
          .filter((i) => i.attempt === 1)
          .sort((a, b) => a.started_at.localeCompare(b.started_at))) {
          const from = Date.parse(item.started_at) / 1000 - history.startDate;
          const to = Date.parse(item.finished_at!) / 1000 - history.startDate;
          console.log(
            `  ${item.stage.padEnd(8)} ${item.item.padEnd(14)} ${from.toFixed(2).padStart(6)} → ${to.toFixed(2).padStart(6)}   ${s(to - from)}`,
          );
        }
      }
      rmSync(film, { force: true });
    }
    if (runs.length > 1) printMedian(runs);
  } finally {
    await t.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const renderCpu = (f: RunFigures) =>
  (f.stateCpu.RenderSceneVideos ?? 0) + (f.stateCpu.MergeAudioAndVideo ?? 0);

/** The largest FFmpeg set one task held at once, by the kind of task (its work directory). */
function taskPeaks(f: RunFigures): [string, number][] {
  const kinds = new Map<string, number>();
  for (const [group, rss] of f.memory.groupPeak) {
    const kind = groupKind(group);
    kinds.set(kind, Math.max(kinds.get(kind) ?? 0, rss));
  }
  return [...kinds.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * What one worker can have held at most: the growth of this whole process over the run (every
 * worker thread's heap and buffers together, so more than any one thread's) plus the largest FFmpeg
 * set one task ran at once. The local services and the idle threads (the baseline) are not a worker's.
 */
const workerBound = (f: RunFigures) =>
  Math.max(0, f.memory.processRss - f.baseline) + (taskPeaks(f)[0]?.[1] ?? 0);

function printRun(run: number, f: RunFigures) {
  const factor = f.film / f.wall;
  const renderRatio = f.render / f.floor.wall;
  const lipFactor = f.film / f.lipsync;
  console.log(`\n── run ${run} (load average after it: ${f.load}) ──`);
  console.log(
    `film: ${f.film.toFixed(2)} s, ${(f.bytes / 2 ** 20).toFixed(1)} MB; ${f.speakers} characters lip-synced in ${f.talkingSeconds.toFixed(1)} s of talking shots`,
  );
  console.log(
    `${'stage (execution history)'.padEnd(40)} ${'time'.padStart(9)}   share   CPU s (process tree)`,
  );
  for (const name of STATES) {
    const v = f.states[name];
    const c = f.stateCpu[name];
    console.log(
      `  ${name.padEnd(38)} ${(v === null ? '—' : s(v)).padStart(9)}   ${(v === null ? '' : `${((100 * v) / f.execution).toFixed(0)} %`).padStart(5)}   ${c === null ? '' : c.toFixed(1)}`,
    );
  }
  console.log(
    `  stage items (pipeline-status): ${f.stages.map((st) => `${st.step} ${st.duration === null ? '—' : s(st.duration)}`).join(', ')}`,
  );
  console.log(
    `${'start call → completed (wall)'.padEnd(40)} ${s(f.wall).padStart(9)}   execution ${s(f.execution)}, ${f.cpu.toFixed(1)} CPU s; a client polling every 2 s saw it at ${s(f.seen)}`,
  );
  console.log(
    `  on 2 otherwise idle cores the run could not take less than ${s(f.cpu / 2)} (CPU s ÷ 2): film ÷ that = ${(f.film / (f.cpu / 2)).toFixed(2)}×; ApplyLipSync ${((2 * f.film) / (f.stateCpu.ApplyLipSync ?? NaN)).toFixed(2)}×`,
  );
  const redo = f.retry;
  const rows: [string, string, string, boolean][] = [
    ['real-time factor (film s ÷ wall s)', `${factor.toFixed(2)}×`, '≥ 1.5×', factor >= 1.5],
    [
      'render stages ÷ FFmpeg floor',
      `${renderRatio.toFixed(2)}× (${s(f.render)} ÷ ${s(f.floor.wall)})`,
      '≤ 1.3×',
      renderRatio <= 1.3,
    ],
    [
      'render stages ÷ floor, in CPU seconds',
      `${(renderCpu(f) / f.floor.cpu).toFixed(2)}× (${renderCpu(f).toFixed(1)} ÷ ${f.floor.cpu.toFixed(1)} CPU s)`,
      '≤ 1.3×',
      renderCpu(f) / f.floor.cpu <= 1.3,
    ],
    [
      'lip-sync speed (film s ÷ ApplyLipSync s)',
      `${lipFactor.toFixed(2)}× (${s(f.lipsync)})`,
      '≥ 4×',
      lipFactor >= 4,
    ],
    [
      "the film's sound: integrated loudness, true peak",
      `${f.loudness.lufs.toFixed(1)} LUFS, ${f.loudness.peak.toFixed(1)} dBTP`,
      '-16 ± 1, ≤ -1',
      Math.abs(f.loudness.lufs + 16) <= 1 && f.loudness.peak <= -1,
    ],
    ['one worker, bound (see below)', `${mb(workerBound(f))}`, '≤ 1.5 GB', workerBound(f) <= 1.5 * 2 ** 30],
    ...(redo
      ? ([
          [
            'lip-sync redo: ApplyLipSync + Publish',
            `${s(redo.lipsync + redo.publish)} (${s(redo.lipsync)} + ${s(redo.publish)})`,
            'only these',
            redo.rerendered.length === 0,
          ],
        ] as [string, string, string, boolean][])
      : []),
  ];
  for (const [label, value, target, ok] of rows)
    console.log(`${label.padEnd(44)} ${value.padEnd(34)} target ${target.padEnd(10)} ${verdict(ok)}`);
  console.log(
    `memory: process ${mb(f.baseline)} before the run, peak ${mb(f.memory.processRss)} (local services and all worker threads); whole tree with FFmpeg children peak ${mb(f.memory.treeRss)}; largest FFmpeg child ${mb(f.memory.childPeak.get('ffmpeg') ?? 0)}`,
  );
  console.log(
    `  FFmpeg of one task at once, by task: ${taskPeaks(f)
      .map(([kind, rss]) => `${kind} ${mb(rss)}`)
      .join(', ')}`,
  );
  if (redo)
    console.log(
      `lip-sync redo: ${s(redo.wall)} click → completed (PlanProduction ${s(redo.plan)}); stages before lip-sync entered: ${redo.rerendered.join(', ') || 'none'}`,
    );
  console.log(
    `FFmpeg floor: ${s(f.floor.wall)} wall, ${f.floor.cpu.toFixed(1)} CPU s (the sound alone ${f.floor.soundCpu.toFixed(2)}; render stages ÷ the picture's share ${(renderCpu(f) / (f.floor.cpu - f.floor.soundCpu)).toFixed(2)}×), ${mb(f.floor.peak)} peak; FFmpeg children seen: ${f.memory.childCount.get('ffmpeg') ?? 0} (at most ${f.memory.mostAtOnce} processes at once)`,
  );
}

function printProfile(kinds: ReturnType<typeof readProfile>, f: RunFigures) {
  console.log('FFmpeg and ffprobe processes of the run, by task and kind (/usr/bin/time):');
  console.log(
    `  ${'task dir'.padEnd(19)} ${'kind'.padEnd(34)} ${'count'.padStart(5)} ${'wall s'.padStart(8)} ${'CPU s'.padStart(8)} ${'peak'.padStart(8)}`,
  );
  for (const k of kinds)
    console.log(
      `  ${k.task.padEnd(19)} ${k.kind.padEnd(34)} ${String(k.count).padStart(5)} ${k.wall.toFixed(2).padStart(8)} ${k.cpu.toFixed(2).padStart(8)} ${mb(k.peak).padStart(8)}`,
    );
  console.log(
    'CPU seconds by stage: the process tree, its FFmpeg/ffprobe processes, the rest (Node: workers, storage, table, API):',
  );
  for (const name of STATES) {
    const tree = f.stateCpu[name];
    if (tree === null) continue;
    const media = kinds.filter((k) => STAGE_OF_DIR[k.task] === name).reduce((sum, k) => sum + k.cpu, 0);
    console.log(
      `  ${name.padEnd(22)} ${tree.toFixed(1).padStart(6)} = FFmpeg ${media.toFixed(1).padStart(5)} + rest ${(tree - media).toFixed(1).padStart(5)}`,
    );
  }
}

function printMedian(runs: RunFigures[]) {
  const m = (pick: (f: RunFigures) => number) => median(runs.map(pick));
  const all = (pick: (f: RunFigures) => number, digits = 2) =>
    runs.map((f) => pick(f).toFixed(digits)).join(' / ');
  console.log(`\n── median of ${runs.length} runs (each run: ${all((f) => f.wall)} s wall) ──`);
  const lines: [string, number, string][] = [
    ['start call → completed, s', m((f) => f.wall), all((f) => f.wall)],
    ['film, s', m((f) => f.film), all((f) => f.film)],
    ['real-time factor', m((f) => f.film / f.wall), all((f) => f.film / f.wall)],
    ...STATES.map((n): [string, number, string] => [
      `${n} CPU s`,
      m((f) => f.stateCpu[n] ?? NaN),
      all((f) => f.stateCpu[n] ?? NaN, 1),
    ]),
    ...STATES.map((n): [string, number, string] => [
      `${n}, s`,
      m((f) => f.states[n] ?? NaN),
      all((f) => f.states[n] ?? NaN),
    ]),
    ['render stages, s', m((f) => f.render), all((f) => f.render)],
    ['FFmpeg floor, s', m((f) => f.floor.wall), all((f) => f.floor.wall)],
    ['render ÷ floor', m((f) => f.render / f.floor.wall), all((f) => f.render / f.floor.wall)],
    ['render CPU s', m(renderCpu), all(renderCpu, 1)],
    ['floor CPU s', m((f) => f.floor.cpu), all((f) => f.floor.cpu, 1)],
    ['render ÷ floor, CPU s', m((f) => renderCpu(f) / f.floor.cpu), all((f) => renderCpu(f) / f.floor.cpu)],
    ['run CPU s', m((f) => f.cpu), all((f) => f.cpu, 1)],
    ['film ÷ (run CPU s ÷ 2)', m((f) => f.film / (f.cpu / 2)), all((f) => f.film / (f.cpu / 2))],
    [
      'ApplyLipSync CPU s',
      m((f) => f.stateCpu.ApplyLipSync ?? NaN),
      all((f) => f.stateCpu.ApplyLipSync ?? NaN, 1),
    ],
    ['lip-sync speed (film ÷ stage)', m((f) => f.film / f.lipsync), all((f) => f.film / f.lipsync)],
    [
      'peak process RSS, MB',
      m((f) => f.memory.processRss / 2 ** 20),
      all((f) => f.memory.processRss / 2 ** 20, 0),
    ],
    ['peak tree RSS, MB', m((f) => f.memory.treeRss / 2 ** 20), all((f) => f.memory.treeRss / 2 ** 20, 0)],
    [
      'largest FFmpeg child, MB',
      m((f) => (f.memory.childPeak.get('ffmpeg') ?? 0) / 2 ** 20),
      all((f) => (f.memory.childPeak.get('ffmpeg') ?? 0) / 2 ** 20, 0),
    ],
    ['redo: ApplyLipSync, s', m((f) => f.retry?.lipsync ?? NaN), all((f) => f.retry?.lipsync ?? NaN)],
    ['redo: Publish, s', m((f) => f.retry?.publish ?? NaN), all((f) => f.retry?.publish ?? NaN)],
    [
      'redo: ApplyLipSync + Publish, s',
      m((f) => (f.retry ? f.retry.lipsync + f.retry.publish : NaN)),
      all((f) => (f.retry ? f.retry.lipsync + f.retry.publish : NaN)),
    ],
    ['redo: click → completed, s', m((f) => f.retry?.wall ?? NaN), all((f) => f.retry?.wall ?? NaN)],
  ];
  for (const [label, value, each] of lines)
    console.log(`${label.padEnd(36)} ${value.toFixed(2).padStart(9)}   (${each})`);
  console.log(`load average at the end: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
