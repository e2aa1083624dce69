import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { levelFile } from '../audio/local/level';
import { probe, runFilterGraph } from '../media/ffmpeg';
import { contentWords, splitSentences } from '../text/sentences';
import type { ChapterText, CharacterProfile, SceneDescription } from '../text/types';
import { EngineError, type Engine, type ProbeResult, type Size } from '../types';
import type { VoiceModel, WordTimingMethod } from '../speech/types';
import { clipSettings, encodedOutput, evenSize } from '../video/encoding';
import { captionLayer } from '../video/local/captions';
import { cuesFromWords } from '../video/local/subtitles';
import { sec } from '../video/timeline';
import { compressSentence, dropNearDuplicates, fitPoint } from '../text/local/compress';
import { topicTitle } from '../text/local/topics';
import { hashString } from '../random';
import { nearestAspectRatio } from '../video/local/prompt-scene';
import { chapterSetting, SLIDE_ART_STYLE, SLIDE_ART_WISH, slideScene } from './slide-art';
import { layoutSlide, renderSlide, splitToFit, type Slide, type SlideStyle } from './slides';
import { SUBTITLE_OPTIONS, withPunctuation } from './speech-track';
import { spokenSeconds, type ReadingPace } from './spoken-length';

/**
 * A chapter as a short lesson: an introduction, one slide per key point and a recap, each narrated,
 * with a presenter lip-synced to the narration in a corner and subtitles. Three steps, like the
 * chapter video: plan → segment × N (one task each in the pipeline) → assemble.
 */
export interface LessonSegment {
  index: number;
  slide: Slide;
  narration: string;
  /** What the slide's picture shows (the recap has none); see slide-art.ts. */
  art?: SceneDescription;
}

export interface LessonPlan {
  title: string;
  language: string;
  voice: string;
  presenter: CharacterProfile;
  style: SlideStyle;
  size: Size;
  fps: number;
  seed: number;
  segments: LessonSegment[];
}

export interface LessonInput {
  bookTitle: string;
  chapter: ChapterText;
  language?: string;
  presenter: CharacterProfile;
  presenterGender?: 'female' | 'male';
  style: SlideStyle;
  voiceModel?: VoiceModel;
  size: Size;
  fps: number;
  seed: number;
  maxPoints?: number;
  /** The longest the lesson may last (the user's plan): fewer key ideas are taught to fit it. */
  maxSeconds?: number;
}

/** Layout per style: the share of the width kept for the presenter, and the presenter's box. */
export function presenterLayout(style: SlideStyle, size: Size) {
  const reserve = style === 'minimal' ? 0.38 : style === 'whiteboard' ? 0.26 : 0.3;
  const box = Math.floor(Math.min(size.width * (reserve - 0.04), size.height * 0.62) / 2) * 2;
  const margin = Math.round(size.width * 0.025);
  const y = style === 'minimal' ? Math.round((size.height - box) / 2) : size.height - box - margin * 2;
  return { reserve, box, x: size.width - box - margin, y };
}

/** The chapter sentences that best explain a point (most shared content words), in text order. */
export function supportingSentences(point: string, sentences: string[], count: number): string[] {
  const wanted = new Set(contentWords(point));
  return sentences
    .map((sentence, index) => ({
      sentence,
      index,
      score: contentWords(sentence).filter((w) => wanted.has(w)).length,
    }))
    .filter((s) => s.score > 0 && s.sentence !== point && s.sentence.length < 320)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
}

/** Supporting statements per key idea, after the idea itself. */
const SUPPORT_PER_POINT = 2;

/**
 * The lesson's slides and what is said over each: an introduction with the topics ahead, one slide per
 * key point (the point and the statements from the chapter that support it, every statement shortened
 * to a whole clause and never repeating one already on a slide), and a recap of the topics. Each
 * slide has a short topic title from its key phrases. Slides that would not fit the card, even in
 * smaller type, are split in two. The introduction and each key idea carry the scene their picture
 * shows (every part of a split slide the same one); the recap lists the topics and has none.
 */
export function lessonSlides(input: {
  bookTitle: string;
  chapterTitle: string;
  summary: string;
  points: readonly string[];
  chapterText: string;
  style: SlideStyle;
  size: Size;
}): { slide: Slide; narration: string; art?: SceneDescription }[] {
  const { reserve } = presenterLayout(input.style, input.size);
  const setting = chapterSetting(input.chapterText);
  const sentences = splitSentences(input.chapterText);
  const points = dropNearDuplicates(input.points.map(fitPoint).filter((p) => p.length > 1));
  const used: string[] = [...points];
  const titles: string[] = [];
  const ideas = points.map((point, i) => {
    const related = supportingSentences(point, sentences, 8);
    // Each statement remembers the chapter sentence it was shortened from: that is what is said.
    const sourceOf = new Map<string, string>();
    for (const sentence of related) {
      const statement = compressSentence(sentence);
      if (statement && !sourceOf.has(statement)) sourceOf.set(statement, sentence);
    }
    const support = dropNearDuplicates([...sourceOf.keys()], used).slice(0, SUPPORT_PER_POINT);
    used.push(...support);
    const bullets = [point, ...support];
    const spoken = [point, ...support.map((s) => sourceOf.get(s)!)];
    // The title comes from the bullets; when they name no topic, from the sentences around the point.
    const fallback = `Key idea ${i + 1}`;
    const fromBullets = topicTitle(bullets, titles, fallback);
    const title =
      fromBullets === fallback ? topicTitle([...bullets, ...related], titles, fallback) : fromBullets;
    titles.push(title);
    return { kicker: `Key idea ${i + 1}`, title, bullets, spoken };
  });
  const slides: { slide: Omit<Slide, 'footer'>; narration: string; art?: SceneDescription }[] = [];
  /** A slide (split when it would not fit), each part said with the narration of its bullets. */
  const add = (
    slide: Omit<Slide, 'footer'>,
    narrate: (bullets: readonly string[], part: number, parts: number) => string,
    art?: SceneDescription,
  ) => {
    const parts = splitToFit({ ...slide, footer: '99 / 99' }, input.style, input.size, reserve);
    parts.forEach((part, i) => {
      const { footer: _footer, ...fitted } = part;
      slides.push({
        slide: fitted,
        narration: narrate(part.bullets, i, parts.length),
        ...(art ? { art } : {}),
      });
    });
  };
  add(
    { kicker: 'Lesson', heading: input.chapterTitle, bullets: titles },
    (shown) =>
      shown[0] === titles[0]
        ? `Welcome to this lesson on ${input.chapterTitle}, from ${input.bookTitle}. ${input.summary} Let's look at ${ideas.length} key ideas.`
        : `We will also look at ${shown.join(', ')}.`,
    slideScene(1, input.chapterTitle, ideas[0]?.bullets.slice(0, 1) ?? [], setting),
  );
  ideas.forEach((idea, i) => {
    add(
      { kicker: idea.kicker, heading: idea.title, bullets: idea.bullets },
      (shown) => shown.map((bullet) => idea.spoken[idea.bullets.indexOf(bullet)] ?? bullet).join(' '),
      slideScene(i + 2, idea.title, idea.bullets, setting),
    );
  });
  add({ kicker: 'Recap', heading: 'What to remember', bullets: titles }, (_shown, part, parts) =>
    [
      part === 0 ? `To sum up. ${ideas.map((idea) => idea.bullets[0]).join(' ')}` : '',
      part === parts - 1 ? 'Thanks for learning with me.' : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  return slides.map(({ slide, ...said }, i) => ({
    slide: { ...slide, footer: `${i + 1} / ${slides.length}` },
    ...said,
  }));
}

/** A breath after each segment's narration before the next slide (see renderLessonSegment). */
const SEGMENT_BREATH = 0.6;

/** How long a lesson of these slides lasts when its narration is read at `pace`. */
export function lessonSeconds(slides: readonly { narration: string }[], pace: ReadingPace): number {
  return slides.reduce((sum, s) => sum + spokenSeconds(s.narration, pace) + SEGMENT_BREATH, 0);
}

/**
 * The most key ideas (in the summary's order) whose lesson lasts at most `maxSeconds` even read at
 * the slowest pace; the slides of `build(n)` for that n. A lesson of one idea that still does not
 * fit is refused.
 */
export function fitLesson<S extends { narration: string }>(
  build: (ideas: number) => S[],
  ideas: number,
  maxSeconds: number,
): S[] {
  for (let n = ideas; n >= 1; n--) {
    const slides = build(n);
    if (lessonSeconds(slides, 'slowest') <= maxSeconds) return slides;
  }
  throw new EngineError(
    'text_too_long',
    `Even a lesson of one key idea of this chapter would last more than ${Math.round(maxSeconds)} seconds.`,
  );
}

export async function planLesson(engine: Engine, input: LessonInput): Promise<LessonPlan> {
  const { summary, key_points } = await engine.text.summarize({
    text: input.chapter.content,
    maxSentences: 3,
    maxKeyPoints: input.maxPoints ?? 5,
  });
  const points = key_points.length ? key_points : splitSentences(summary).slice(0, 3);
  const build = (ideas: number) =>
    lessonSlides({
      bookTitle: input.bookTitle,
      chapterTitle: input.chapter.title,
      summary,
      points: points.slice(0, ideas),
      chapterText: input.chapter.content,
      style: input.style,
      size: input.size,
    });
  const slides = input.maxSeconds ? fitLesson(build, points.length, input.maxSeconds) : build(points.length);
  const segments: LessonSegment[] = slides.map((s, index) => ({ index, ...s }));
  const language = input.language ?? 'en';
  return {
    title: input.chapter.title,
    language,
    voice: engine.speech.voiceFor({
      model: input.voiceModel,
      style: 'elevenlabs_conversational',
      language,
      role: 'narrator',
      ...(input.presenterGender ? { gender: input.presenterGender } : {}),
    }),
    presenter: input.presenter,
    style: input.style,
    size: evenSize(input.size),
    fps: input.fps,
    seed: input.seed,
    segments,
  };
}

/** The presenter's portrait, drawn once per plan and shared by every segment. */
export async function presenterPortrait(engine: Engine, plan: LessonPlan, workDir: string): Promise<string> {
  const image = await engine.image.portrait({
    character: plan.presenter,
    style: 'realistic',
    quality: 'standard',
    aspectRatio: '1:1',
    seed: plan.presenter.seed,
    outputPath: join(workDir, 'presenter.png'),
  });
  return image.path;
}

/**
 * A segment's slide picture, drawn by the engine's image provider for the part of the slide it fills
 * (its aspect ratio the nearest to that box), once per segment: a picture already in the work
 * folder is used again. Undefined for a slide without one (the recap).
 */
export async function slideArt(
  engine: Engine,
  plan: LessonPlan,
  index: number,
  workDir: string,
): Promise<string | undefined> {
  const segment = plan.segments[index];
  if (!segment?.art) return undefined;
  const outputPath = join(workDir, `slide-art-${String(index + 1).padStart(2, '0')}.png`);
  if (await exists(outputPath)) return outputPath;
  const { reserve } = presenterLayout(plan.style, plan.size);
  const { box } = layoutSlide(segment.slide, plan.style, plan.size, reserve, { art: true }).art!;
  const image = await engine.image.scene({
    scene: segment.art,
    characters: [],
    style: SLIDE_ART_STYLE[plan.style],
    quality: 'standard',
    aspectRatio: nearestAspectRatio(box),
    // Seeded by what it shows: the parts of a split slide get the same picture.
    seed: hashString(`${plan.seed}:${segment.art.visual_description}`),
    customPrompt: SLIDE_ART_WISH,
    outputPath,
  });
  return image.path;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export async function renderLessonSegment(
  engine: Engine,
  plan: LessonPlan,
  index: number,
  portraitPath: string,
  workDir: string,
): Promise<{ clip: string; duration: number; timings: WordTimingMethod }> {
  await mkdir(workDir, { recursive: true });
  const segment = plan.segments[index];
  if (!segment) throw new Error(`The lesson has no segment ${index + 1}`);
  const name = `segment-${String(index + 1).padStart(2, '0')}`;
  const layout = presenterLayout(plan.style, plan.size);
  const [speech, slidePath] = await Promise.all([
    engine.speech.synthesize({
      text: segment.narration,
      voice: plan.voice,
      outputPath: join(workDir, `${name}-voice.wav`),
    }),
    slideArt(engine, plan, index, workDir).then((art) =>
      renderSlide(segment.slide, plan.style, plan.size, layout.reserve, join(workDir, `${name}.png`), art),
    ),
  ]);
  // The voice at the product's loudness (-16 LUFS, true peak under -1 dBTP) before anything else
  // hears it: the lesson is joined without re-encoding, so every segment carries its own level.
  const voicePath = join(workDir, `${name}.wav`);
  await levelFile({
    inputPath: speech.path,
    outputPath: voicePath,
    channels: 'source',
    sampleRate: 'source',
    audioArgs: ['-c:a', 'pcm_s16le'],
    containerArgs: ['-f', 'wav'],
  });
  const talking = await engine.lipSync.talkingClip({
    portraitPath,
    speechPath: voicePath,
    visemes: speech.visemes,
    size: { width: layout.box, height: layout.box },
    fps: plan.fps,
    outputPath: join(workDir, `${name}-presenter.mp4`),
  });
  // A short breath after each segment before the next slide fades in.
  const duration = speech.duration + SEGMENT_BREATH;
  const captions = await captionLayer(
    cuesFromWords(withPunctuation(segment.narration, speech.words), SUBTITLE_OPTIONS),
    {
      size: plan.size,
      fps: plan.fps,
      frames: Math.ceil(duration * plan.fps),
      workDir,
      name: `${name}-captions`,
      layout: { reserveRight: layout.reserve },
    },
  );
  const captionInputs = captions?.inputs ?? [];
  const voiceInput = 2 + captionInputs.filter((arg) => arg === '-i').length;
  const border = Math.max(2, Math.round(layout.box / 90));
  // Slides change through a short dip to black, drawn here so the lesson is joined without re-encoding.
  const fades = [
    index > 0 ? `fade=t=in:st=0:d=${SLIDE_FADE}` : '',
    index < plan.segments.length - 1 ? `fade=t=out:st=${sec(duration - SLIDE_FADE)}:d=${SLIDE_FADE}` : '',
  ].filter(Boolean);
  const graph = [
    `[0:v]scale=${plan.size.width}:${plan.size.height},setsar=1,format=yuv420p,fps=${plan.fps}[slide]`,
    `[1:v]scale=${layout.box}:${layout.box},format=yuv420p,drawbox=x=0:y=0:w=iw:h=ih:color=white@0.85:t=${border}[presenter]`,
    `[slide][presenter]overlay=x=${layout.x}:y=${layout.y}:eof_action=repeat[framed]`,
    ...(captions?.statements(2, 'framed', 'captioned') ?? ['[framed]null[captioned]']),
    `[captioned]${fades.length ? fades.join(',') : 'null'}[vout]`,
    // The levelled voice itself (the presenter clip's sound would be a second lossy copy).
    `[${voiceInput}:a]aresample=48000,aformat=channel_layouts=stereo,apad,atrim=0:${sec(duration)}[aout]`,
  ];
  const clip = join(workDir, `${name}.mp4`);
  await runFilterGraph(
    {
      inputs: [
        '-loop',
        '1',
        '-framerate',
        String(plan.fps),
        '-i',
        slidePath,
        '-i',
        talking.path,
        ...captionInputs,
        '-i',
        voicePath,
      ],
      graph,
      outputs: encodedOutput('vout', clipSettings(plan.size, plan.fps), duration, clip),
    },
    { duration },
  );
  return { clip, duration, timings: speech.timings ?? ('provider' as const) };
}

/** Seconds of the fade out of one slide and into the next. */
export const SLIDE_FADE = 0.25;

/** The segments end to end: they share codec, size and rate, so the join is a stream copy. */
export async function assembleLesson(
  engine: Engine,
  plan: LessonPlan,
  clips: string[],
  outputPath: string,
  onProgress?: (fraction: number) => void,
): Promise<{ path: string; probe: ProbeResult }> {
  const video = await engine.video.assemble({
    clips: clips.map((path) => ({ path })),
    size: plan.size,
    fps: plan.fps,
    outputPath,
    onProgress,
  });
  return { path: video.path, probe: await probe(video.path) };
}
