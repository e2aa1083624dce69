import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getEngine } from '../functions/engine';
import { MUSIC_STYLES, type MusicStyle } from '../functions/engine/audio/types';
import { IMAGE_STYLES, type ImageStyle } from '../functions/engine/image/types';
import { probe } from '../functions/engine/media/ffmpeg';
import { withTempDir } from '../functions/engine/media/temp';
import { renderChapterVideo } from '../functions/engine/productions/chapter-video';
import { renderChapterFilm } from '../functions/engine/productions/film';
import {
  assembleLesson,
  planLesson,
  presenterPortrait,
  renderLessonSegment,
} from '../functions/engine/productions/lesson';
import {
  joinNarration,
  planNarration,
  synthesizeNarrationPart,
} from '../functions/engine/productions/narration';
import { findPresenter, PRESENTERS, presenterProfile } from '../functions/engine/productions/presenters';
import type { SlideStyle } from '../functions/engine/productions/slides';
import { characterSeed } from '../functions/engine/text/local/characters';
import { quotesCommand } from './quotes-command';
import {
  characterProfile,
  SCRIPT_STYLES,
  type QuizDifficulty,
  type ScriptStyle,
} from '../functions/engine/text/types';
import { EngineError } from '../functions/engine/types';
import { ConfigError } from '../functions/lib/errors';

/**
 * `npm run engine -- <command>`: the media engine without the web app, for demos, debugging and
 * benchmarks. Every command reads a plain-text file and writes its result next to it (or --out).
 */
export const HELP = `Usage: npm run engine -- <command> [options]

  voices [--language en]                         the voice catalogue
  summarize <text-file>                          summary and key points
  plot <text-file> [--title T]                   plot overview with characters (JSON)
  quotes <text-file>                             every quotation with its speaker (JSON: start, end, speaker)
  screenplay <text-file> [--scenes 5] [--style cinematic_movie|cinematic_narration] [--out file.fountain]
  quiz <text-file> [--questions 5] [--difficulty easy|medium|hard]
  narrate <text-file> [--voice ID] [--language en] [--out file.m4a]
  portrait --name NAME [--description TEXT] [--style cinematic] [--out file.png]
  scene <text-file> [--scene 1] [--style cinematic] [--out file.png]
  chapter-video <text-file> [--scenes 5] [--size 1280x720] [--fps 25] [--style cinematic] [--music cinematic] [--per-scene] [--out file.mp4]
                                                 (--per-scene renders scene clips then assembles them, as the pipeline does)
  lesson <text-file> [--presenter ava|noah|maya|leo] [--style udemy|whiteboard|minimal] [--size 1280x720] [--out file.mp4]
                                                 (the tutor video: key-point slides, narration, a lip-synced presenter, subtitles)
  probe <media-file>

Providers follow ENGINE_TEXT_PROVIDER (local, bedrock, or openai with OPENAI_BASE_URL and OPENAI_MODEL),
ENGINE_SPEECH_PROVIDER (local, polly, openai with OPENAI_TTS_MODEL, elevenlabs with ELEVENLABS_API_KEY) and
ENGINE_IMAGE_PROVIDER (local, bedrock, openai with OPENAI_IMAGE_MODEL); local by default.
Every command that reads a text file takes --title T (the book's or chapter's title; else the file's name).`;

const OPTIONS = {
  out: { type: 'string' },
  title: { type: 'string' },
  scenes: { type: 'string' },
  scene: { type: 'string' },
  style: { type: 'string' },
  music: { type: 'string' },
  questions: { type: 'string' },
  difficulty: { type: 'string' },
  voice: { type: 'string' },
  language: { type: 'string' },
  name: { type: 'string' },
  description: { type: 'string' },
  size: { type: 'string' },
  fps: { type: 'string' },
  seed: { type: 'string' },
  'per-scene': { type: 'boolean' },
  presenter: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Where the commands write: results on `log`, timings and errors on `error`, a progress line on `progress`. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
  progress(text: string): void;
}

export const consoleOutput: CliOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  progress: (text) => process.stderr.write(text),
};

/** Runs one command line (without the program name) and answers the exit code. */
export async function runEngineCommand(argv: string[], io: CliOutput = consoleOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // An unknown or malformed option is said in words, with the usage.
    io.error((error as Error).message);
    io.log(HELP);
    return 1;
  }
  const { positionals, values } = parsed;
  const [command, input] = positionals;
  let engine: ReturnType<typeof getEngine>;
  try {
    engine = getEngine();
  } catch (error) {
    // A wrong setting is said in words, without a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    io.error(error.message);
    return 1;
  }
  const seed = Number(values.seed ?? 7);

  function readText(path: string | undefined): { title: string; content: string } {
    if (!path) throw new EngineError('invalid_input', 'Give the path of a text file.');
    let content: string;
    try {
      content = readFileSync(path, 'utf8');
    } catch (error) {
      throw new EngineError(
        'invalid_input',
        `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`,
      );
    }
    return { title: values.title ?? basename(path).replace(/\.[^.]+$/, ''), content };
  }

  const output = (fallback: string) => resolve(values.out ?? fallback);
  const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T => {
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    throw new EngineError('unknown_style', `“${value}” is not one of: ${allowed.join(', ')}.`);
  };
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    io.error(`${label} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return result;
  };

  async function main(): Promise<number> {
    switch (command) {
      case 'voices':
        for (const v of engine.speech.voices(values.language))
          io.log(`${v.id.padEnd(40)} ${v.role.padEnd(9)} ${v.gender.padEnd(7)} ${v.name}`);
        return 0;
      case 'summarize': {
        const text = readText(input);
        io.log(JSON.stringify(await engine.text.summarize({ text: text.content }), null, 2));
        return 0;
      }
      case 'plot': {
        const text = readText(input);
        io.log(
          JSON.stringify(await engine.text.plotOverview({ title: text.title, chapters: [text] }), null, 2),
        );
        return 0;
      }
      case 'quotes':
        return quotesCommand(input, io);
      case 'screenplay': {
        const text = readText(input);
        const script = await engine.text.screenplay({
          bookTitle: text.title,
          chapter: text,
          options: {
            style: oneOf<ScriptStyle>(values.style, SCRIPT_STYLES, 'cinematic_movie'),
            sceneCount: Number(values.scenes ?? 5),
            targetDuration: 'auto',
            focusAreas: [],
            storyType: 'hero_journey',
            includeCharacterProfiles: true,
          },
        });
        const path = output(`${input}.fountain`);
        writeFileSync(path, script.fountain);
        io.log(
          `${script.scenes.length} scenes, characters: ${script.characters.join(', ') || 'none'} → ${path}`,
        );
        return 0;
      }
      case 'quiz': {
        const text = readText(input);
        const quiz = await engine.text.quiz({
          title: text.title,
          text: text.content,
          numQuestions: Number(values.questions ?? 5),
          difficulty: oneOf<QuizDifficulty>(values.difficulty, ['easy', 'medium', 'hard'], 'medium'),
        });
        quiz.questions.forEach((q, i) => {
          io.log(`${i + 1}. ${q.question}`);
          q.options.forEach((o, j) =>
            io.log(`   ${j === q.answer_index ? '*' : ' '} ${String.fromCharCode(97 + j)}) ${o}`),
          );
        });
        return 0;
      }
      case 'narrate': {
        const text = readText(input);
        const voice =
          values.voice ??
          engine.speech.voiceFor({
            style: 'elevenlabs_narrator',
            language: values.language,
            role: 'narrator',
          });
        await withTempDir('engine-narrate', async (work) => {
          const parts = planNarration(text.content);
          const rendered = await timed(`${parts.length} part(s) synthesised`, () =>
            Promise.all(
              parts.map((part) =>
                synthesizeNarrationPart(engine, part, voice, join(work, `part-${part.index}.wav`)),
              ),
            ),
          );
          const joined = await timed('joined and encoded', () =>
            joinNarration(engine, {
              title: text.title,
              parts: rendered.map((r, i) => ({ path: r.path, title: parts[i]!.title })),
              workDir: work,
              outputPath: output(`${input}.m4a`),
            }),
          );
          io.log(
            `${joined.duration.toFixed(1)} s of audio at ${joined.loudness.toFixed(1)} LUFS (voice ${voice}) → ${joined.path}`,
          );
        });
        return 0;
      }
      case 'portrait': {
        if (!values.name) throw new EngineError('invalid_input', 'Give the character a --name.');
        const image = await engine.image.portrait({
          character: characterProfile({
            name: values.name,
            physical_description: values.description ?? '',
            mentions: 1,
            seed: characterSeed(values.name),
          }),
          style: oneOf<ImageStyle>(values.style, IMAGE_STYLES, 'cinematic'),
          quality: 'standard',
          aspectRatio: '1:1',
          seed: characterSeed(values.name),
          outputPath: output(`${values.name.replace(/\W+/g, '-').toLowerCase()}.png`),
        });
        io.log(`${image.width}×${image.height} → ${image.path}\n${image.prompt}`);
        return 0;
      }
      case 'scene': {
        const text = readText(input);
        const script = await engine.text.screenplay({
          bookTitle: text.title,
          chapter: text,
          options: {
            style: 'cinematic_movie',
            sceneCount: 5,
            targetDuration: 'auto',
            focusAreas: [],
            storyType: 'hero_journey',
            includeCharacterProfiles: true,
          },
        });
        const index = Math.max(0, Math.min(script.scenes.length - 1, Number(values.scene ?? 1) - 1));
        const scene = script.scenes[index]!;
        const image = await engine.image.scene({
          scene,
          characters: script.character_details.filter((c) => scene.characters.includes(c.name)),
          style: oneOf<ImageStyle>(values.style, IMAGE_STYLES, 'cinematic'),
          quality: 'standard',
          aspectRatio: '16:9',
          seed,
          outputPath: output(`${input}.scene-${index + 1}.png`),
        });
        io.log(`${scene.location} (${scene.time_of_day}) → ${image.path}\n${image.prompt}`);
        return 0;
      }
      case 'chapter-video': {
        const text = readText(input);
        const [width, height] = (values.size ?? '1280x720').split('x').map(Number);
        await withTempDir('engine-video', async (work) => {
          type Rendered = {
            path: string;
            probe: Awaited<ReturnType<typeof probe>>;
            scenes: { voices: string[] }[];
            plan: { cast: unknown[] };
          };
          const render = (...args: Parameters<typeof renderChapterFilm>): Promise<Rendered> =>
            values['per-scene'] ? renderChapterVideo(...args) : renderChapterFilm(...args);
          const result = await timed('rendered', () =>
            render(
              engine,
              {
                bookTitle: text.title,
                chapter: text,
                sceneCount: Number(values.scenes ?? 5),
                imageStyle: oneOf<ImageStyle>(values.style, IMAGE_STYLES, 'cinematic'),
                musicStyle: oneOf<MusicStyle>(values.music, MUSIC_STYLES, 'cinematic'),
                size: { width: width!, height: height! },
                fps: Number(values.fps ?? 25),
                seed,
                language: values.language,
              },
              work,
              output(`${input}.mp4`),
              (step) => io.progress(`\r${step.padEnd(40)}`),
            ),
          );
          io.progress('\n');
          const voices = new Set(result.scenes.flatMap((s) => s.voices));
          io.log(
            `${result.scenes.length} scenes, ${result.probe.duration.toFixed(1)} s, ${result.probe.video?.width}×${result.probe.video?.height} ${result.probe.video?.codec}/${result.probe.audio?.codec}, ${voices.size} voices (${result.plan.cast.length} characters) → ${result.path}`,
          );
        });
        return 0;
      }
      case 'lesson': {
        const text = readText(input);
        const presenter = findPresenter(values.presenter);
        if (!presenter)
          throw new EngineError(
            'invalid_input',
            `Choose a presenter: ${PRESENTERS.map((p) => p.id).join(', ')}.`,
          );
        const [width, height] = (values.size ?? '1280x720').split('x').map(Number);
        await withTempDir('engine-lesson', async (work) => {
          const plan = await planLesson(engine, {
            bookTitle: text.title,
            chapter: text,
            language: values.language,
            presenter: presenterProfile(presenter),
            presenterGender: presenter.gender,
            style: oneOf<SlideStyle>(values.style, ['udemy', 'whiteboard', 'minimal'], 'udemy'),
            size: { width: width!, height: height! },
            fps: Number(values.fps ?? 25),
            seed,
          });
          const portrait = await presenterPortrait(engine, plan, work);
          const clips = await timed(`${plan.segments.length} segments recorded`, () =>
            Promise.all(
              plan.segments.map((_, i) =>
                renderLessonSegment(engine, plan, i, portrait, join(work, `segment-${i}`)),
              ),
            ),
          );
          const lesson = await timed('assembled', () =>
            assembleLesson(
              engine,
              plan,
              clips.map((c) => c.clip),
              output(`${input}.lesson.mp4`),
            ),
          );
          io.log(
            `${plan.segments.length} slides, ${lesson.probe.duration.toFixed(1)} s, ${lesson.probe.video?.width}×${lesson.probe.video?.height}, presenter ${presenter.name} (voice ${plan.voice}) → ${lesson.path}`,
          );
        });
        return 0;
      }
      case 'probe':
        if (!input) throw new EngineError('invalid_input', 'Give the path of a media file.');
        io.log(JSON.stringify(await probe(input), null, 2));
        return 0;
      default:
        io.log(HELP);
        return command && !values.help ? 1 : 0;
    }
  }

  try {
    return await main();
  } catch (error) {
    if (error instanceof EngineError || error instanceof ConfigError) io.error(error.message);
    else throw error;
    return 1;
  }
}
