import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { EngineError, type ProbeResult, type ProgressListener } from '../types';

/**
 * Finding and running FFmpeg. Order: FFMPEG_PATH / FFPROBE_PATH, the Lambda layer (/opt/bin), a
 * system binary (usually newer, with xfade), then the static binary shipped by npm (2018, no xfade).
 * Capabilities are probed once, so callers can use a filter when the binary has it.
 */
export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  source: 'env' | 'layer' | 'system' | 'bundled';
  version: string;
  filters: Set<string>;
}

let cached: FfmpegBinaries | undefined;
/**
 * Resolves installed packages. Created on first use: inside a CommonJS Lambda bundle
 * `import.meta.url` is empty, and there the layer provides the binaries and fonts instead.
 */
let packageRequire: NodeJS.Require | undefined;
function resolver(): NodeJS.Require {
  packageRequire ??= createRequire(import.meta.url || join(process.cwd(), 'index.js'));
  return packageRequire;
}

function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

function bundled(pkg: string): string | null {
  try {
    return (resolver()(pkg) as { path: string }).path;
  } catch {
    return null;
  }
}

function locate(): Omit<FfmpegBinaries, 'version' | 'filters'> {
  if (process.env.FFMPEG_PATH) {
    return {
      ffmpeg: process.env.FFMPEG_PATH,
      ffprobe:
        process.env.FFPROBE_PATH ?? which('ffprobe') ?? bundled('@ffprobe-installer/ffprobe') ?? 'ffprobe',
      source: 'env',
    };
  }
  if (existsSync('/opt/bin/ffmpeg'))
    return { ffmpeg: '/opt/bin/ffmpeg', ffprobe: '/opt/bin/ffprobe', source: 'layer' };
  const system = which('ffmpeg');
  const systemProbe = which('ffprobe');
  if (system && systemProbe && process.env.ENGINE_PREFER_BUNDLED_FFMPEG !== 'true')
    return { ffmpeg: system, ffprobe: systemProbe, source: 'system' };
  const ffmpeg = bundled('@ffmpeg-installer/ffmpeg');
  const ffprobe = bundled('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe)
    throw new EngineError('media_failed', 'FFmpeg was not found. Install it or set FFMPEG_PATH.');
  return { ffmpeg, ffprobe, source: 'bundled' };
}

export function ffmpegBinaries(): FfmpegBinaries {
  if (cached) return cached;
  const found = locate();
  const version =
    /ffmpeg version (\S+)/.exec(
      execFileSync(found.ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8' }),
    )?.[1] ?? 'unknown';
  const filterList = execFileSync(found.ffmpeg, ['-hide_banner', '-filters'], {
    encoding: 'utf8',
    maxBuffer: 4 * 1024 * 1024,
  });
  const filters = new Set(
    filterList
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[1])
      .filter((name): name is string => Boolean(name)),
  );
  cached = { ...found, version, filters };
  return cached;
}

/**
 * Whether the FFmpeg in use has a filter. ENGINE_FFMPEG_IGNORE_FILTERS (comma-separated names)
 * makes it answer no, so the fallback of a filter can be run, and tested, on any build.
 */
export function hasFilter(name: string): boolean {
  const ignored = (process.env.ENGINE_FFMPEG_IGNORE_FILTERS ?? '').split(',').map((f) => f.trim());
  return !ignored.includes(name) && ffmpegBinaries().filters.has(name);
}

export interface RunOptions {
  /** Expected output duration, to turn FFmpeg's progress into a fraction. */
  duration?: number;
  onProgress?: ProgressListener;
  /** Kills FFmpeg after this long (default 10 minutes). */
  timeoutMs?: number;
}

/** How much of FFmpeg's log is kept: its end holds the error, and the readings of measuring filters. */
const LOG_TAIL_CHARS = 16_000;

/**
 * One FFmpeg process (overwrite on, no stdin), killed when it runs past its time. At the `errors`
 * log level it reports progress from `-progress`; at `info` its log is kept for the filters that print
 * their readings there (ebur128, loudnorm). Resolves with the end of the log, rejects with its last lines.
 */
function execute(args: string[], options: RunOptions, log: 'errors' | 'info'): Promise<string> {
  const { ffmpeg } = ffmpegBinaries();
  const leading =
    log === 'errors'
      ? ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1']
      : ['-hide_banner', '-nostdin', '-nostats', '-y'];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, [...leading, ...args], {
      stdio: ['ignore', log === 'errors' ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-LOG_TAIL_CHARS);
    });
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const fraction = options.duration ? progressFraction(line, options.duration) : null;
        if (fraction !== null && options.onProgress) options.onProgress(fraction);
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new EngineError('media_failed', `FFmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        options.onProgress?.(1);
        resolve(stderr);
        return;
      }
      const reason = signal ? `was stopped (${signal})` : `failed (exit ${code})`;
      reject(
        new EngineError(
          'media_failed',
          `FFmpeg ${reason}: ${stderr.trim().split('\n').slice(-4).join(' | ')}`,
        ),
      );
    });
  });
}

/**
 * One line of FFmpeg's `-progress` output as the fraction of `duration` written so far (0–1), or null
 * for the other lines. `out_time_us` and `out_time_ms` are both microseconds (FFmpeg's naming);
 * FFmpeg writes N/A (or a negative time) before the first frame.
 */
export function progressFraction(line: string, duration: number): number | null {
  const match = /^out_time_(?:us|ms)=(-?\d+)\s*$/.exec(line.trim());
  if (!match || !(duration > 0)) return null;
  return Math.min(1, Math.max(0, Number(match[1]) / 1e6 / duration));
}

/** Runs ffmpeg with the given arguments (overwrite on, no stdin); rejects with the tail of its log. */
export async function runFfmpeg(args: string[], options: RunOptions = {}): Promise<void> {
  await execute(args, options, 'errors');
}

/** Runs FFmpeg at info log level and resolves with the end of its log. */
export function ffmpegLog(args: string[], timeoutMs = 600_000): Promise<string> {
  return execute(args, { timeoutMs }, 'info');
}

export interface FilterGraph {
  /** Input options and files, e.g. `['-i', 'a.png', '-i', 'b.wav']`. */
  inputs: string[];
  /** Filter statements (`[in]filter[out]`). */
  graph: string[];
  /** Everything after the graph: maps, codecs and the output files. */
  outputs: string[];
  /**
   * Where to write the graph for `-filter_complex_script`, for graphs that grow with their input
   * (the command line has a length limit); otherwise it is passed as an argument.
   */
  scriptPath?: string;
}

/**
 * Runs a filter graph. With `readLog` FFmpeg logs at info level and the end of its log is returned
 * (measuring filters print their readings there); otherwise it reports progress like `runFfmpeg`.
 */
export async function runFilterGraph(
  run: FilterGraph,
  options: RunOptions & { readLog?: boolean } = {},
): Promise<string> {
  let graphArgs = ['-filter_complex', run.graph.join(';')];
  if (run.scriptPath) {
    await writeFile(run.scriptPath, run.graph.join(';\n'));
    graphArgs = ['-filter_complex_script', run.scriptPath];
  }
  return execute([...run.inputs, ...graphArgs, ...run.outputs], options, options.readLog ? 'info' : 'errors');
}

/** Duration, size and streams of a media file. */
export interface ProbeOptions {
  /** Hold ffprobe to this one demuxer (`-f`): a file then cannot pass as another format. */
  format?: string;
  /** Kill ffprobe after this long (a URL that stalls); default 60 s. */
  timeoutMs?: number;
}

/**
 * A file's (or an http(s) URL's: ffprobe reads only what it needs, with range requests) streams.
 * URLs may only use http(s); the mov demuxer's external references stay off.
 */
export async function probe(path: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const { ffprobe } = ffmpegBinaries();
  const remote = /^https?:\/\//i.test(path);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      ffprobe,
      [
        ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
        ...(remote ? ['-protocol_whitelist', 'http,https,tcp,tls', '-rw_timeout', '20000000'] : []),
        ...(options.format ? ['-f', options.format] : []),
        path,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else
        reject(
          new EngineError(
            'media_failed',
            `Not a readable media file: ${(err.trim() || `ffprobe stopped (${code ?? 'killed'})`).slice(0, 300)}`,
          ),
        );
    });
  });
  const data = JSON.parse(output) as {
    format: { duration?: string; size?: string; format_name?: string };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      r_frame_rate?: string;
      avg_frame_rate?: string;
      pix_fmt?: string;
      profile?: string;
      level?: number;
      time_base?: string;
      sample_rate?: string;
      channels?: number;
      duration?: string;
    }[];
  };
  const video = data.streams.find(
    (s) => s.codec_type === 'video' && s.codec_name !== 'png' && s.codec_name !== 'mjpeg',
  );
  const audio = data.streams.find((s) => s.codec_type === 'audio');
  const rate = (value: string | undefined) => {
    const [num, den] = (value ?? '0/1').split('/').map(Number);
    return den ? num! / den : 0;
  };
  return {
    duration: Number(data.format.duration ?? video?.duration ?? audio?.duration ?? 0),
    bytes: Number(data.format.size ?? 0),
    formatName: data.format.format_name ?? '',
    ...(video
      ? {
          video: {
            codec: video.codec_name,
            width: video.width ?? 0,
            height: video.height ?? 0,
            fps: Math.round(rate(video.avg_frame_rate) || rate(video.r_frame_rate)),
            pixelFormat: video.pix_fmt ?? '',
            ...(video.profile ? { profile: video.profile } : {}),
            ...(video.level !== undefined && video.level > 0 ? { level: video.level } : {}),
            ...(video.time_base ? { timeBase: video.time_base } : {}),
          },
        }
      : {}),
    ...(audio
      ? {
          audio: {
            codec: audio.codec_name,
            sampleRate: Number(audio.sample_rate ?? 0),
            channels: audio.channels ?? 0,
          },
        }
      : {}),
  };
}

/** TrueType fonts shipped with the project (FONT_DIR, the Lambda layer, or the npm package). */
export function fontPath(face: 'sans' | 'sans-bold' | 'serif' | 'serif-bold' | 'mono' = 'sans'): string {
  const files = {
    sans: 'DejaVuSans.ttf',
    'sans-bold': 'DejaVuSans-Bold.ttf',
    serif: 'DejaVuSerif.ttf',
    'serif-bold': 'DejaVuSerif-Bold.ttf',
    mono: 'DejaVuSansMono.ttf',
  } as const;
  const dirs = [process.env.FONT_DIR, '/opt/fonts'];
  try {
    dirs.push(join(resolver().resolve('dejavu-fonts-ttf/package.json'), '..', 'ttf'));
  } catch {
    // not installed (e.g. inside a Lambda bundle, where the layer provides the fonts)
  }
  for (const dir of dirs) {
    if (dir && existsSync(join(dir, files[face]))) return join(dir, files[face]);
  }
  throw new EngineError(
    'media_failed',
    'No fonts found. Set FONT_DIR to a folder with the DejaVu TrueType fonts.',
  );
}

/** Escapes a path or text for use inside an FFmpeg filter argument. */
export function filterEscape(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/:/g, '\\:')
    .replace(/'/g, "\\'")
    .replace(/,/g, '\\,')
    .replace(/\[/g, '\\[')
    .replace(/\]/g, '\\]')
    .replace(/;/g, '\\;');
}
