import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ImageResult } from '../../functions/engine/image/types';
import { encodeForBrowser, fileSeed, RECIPES } from '../../functions/audio/jobs/recipes';
import type { AudioExportJobRecord, AudioGenerationJobRecord } from '../../functions/audio/model';
import { createAudioService } from '../../functions/audio/service';
import type { AudioKind } from '../../functions/contracts/audio';
import { audioExportRequest, audioGenerationRequest } from '../../functions/contracts/audio-requests';
import { generateScriptRequest } from '../../functions/contracts/script-requests';
import { getEngine } from '../../functions/engine';
import { createHmacMediaSigner, useMediaUrlSigner } from '../../functions/lib/media-urls';
import type { PlotJobRecord } from '../../functions/plots/model';
import { createScriptsService } from '../../functions/scripts/service';
import { NOVEL_CHAPTERS } from '../fixtures/novel';
import { novelWorkspace } from '../support/novel-workspace';
import { trackPeakMemory } from './process-memory';

/**
 * `npm run bench:workspace`: the engine work behind the workspace's routes, each with its time and
 * the process's peak memory — the plot overview of a ~60 000-word novel (target ≤ 10 s), a 5-scene
 * script of a long chapter (synchronous in the API: target ≤ 5 s, well inside 2 s for a usual one),
 * portraits at 1280×720 and 1:1 hd, the 5 scene images of the script at 1280×720 with their
 * characters drawn with the look of the hero's portrait (target ≤ 2 s each), and the audio of a
 * chapter's 5-scene script: generating every scene's lines, score, effects and ambiance, and the
 * exported mix (target ≥ 20× real time), each with its time, peak memory, CPU seconds and real-time
 * factor. The novel is the test novel's three chapters repeated with numbered chapter
 * titles, so names, dialogue and places are real.
 */
const TARGET_WORDS = Number(process.env.BENCH_WORDS ?? 60_000);

let lastSeconds = 0;

/**
 * CPU seconds used by this process and its finished children (FFmpeg), from /proc: on a shared
 * machine the wall time says how busy the others were, this says what the work cost.
 */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14–17 of the whole line (11–14 after the name).
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

async function measure<T>(label: string, target: number, work: () => Promise<T>): Promise<T> {
  const memory = trackPeakMemory();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  lastSeconds = seconds;
  const goal = Number.isFinite(target) ? `target ≤ ${target} s ${seconds <= target ? 'ok' : 'MISSED'}` : '';
  console.log(
    `${label.padEnd(44)} ${seconds.toFixed(2).padStart(6)} s   peak ${(peak / 2 ** 20).toFixed(0).padStart(5)} MB   ${goal}`,
  );
  return result;
}

/**
 * The chapter audio as the workers make it (the same recipes, encodes and bookkeeping; the job
 * system and storage in memory): for each of a 5-scene script's scenes its lines (or its narrator
 * when it has none), score, effects and ambiance; then the export of them all (the mix job's work).
 * Real-time factor = the mix's length over the wall time of each part.
 */
async function chapterAudio(work: string) {
  // The listing signs media URLs as the API does.
  useMediaUrlSigner(createHmacMediaSigner('bench-only-secret'));
  const workspace = await novelWorkspace();
  const engine = getEngine();
  const { books, plots, jobs, book, chapters, storage } = workspace;
  const scripts = createScriptsService({ ...workspace, engine: () => engine });
  const service = createAudioService({ ...workspace, scripts, media: storage.media, engine: () => engine });
  await books.repository.update(book.id, { status: 'READY', review_pending: false });
  const plot = await plots.startGeneration('owner', book.id, { replace_characters: false });
  await plots.generate((await jobs.get(plot.id)) as PlotJobRecord);
  const chapter = chapters[2]!;
  const script = await scripts.generate(
    'owner',
    generateScriptRequest.parse({ chapter_id: chapter.id, scene_count: 5 }),
  );
  const counts: Record<string, number> = {};
  const spent: Record<string, number> = {};

  async function render(kind: AudioKind, scene: number) {
    const began = performance.now();
    const started = await service.startGeneration(
      'owner',
      chapter.id,
      kind,
      scene,
      audioGenerationRequest.parse({ script_id: script.id }),
    );
    const job = (await jobs.get(started.job_id)) as AudioGenerationJobRecord;
    const found = (await service.sceneOf(job))!;
    const rendered = await RECIPES[kind](
      {
        engine,
        dir: work,
        options: job.options,
        scene: found.scene,
        ...(await service.sceneSpeech(job)),
        seed: fileSeed(job.options),
      },
      job.options.files,
    );
    const encoded = await encodeForBrowser(
      rendered.map((file) => ({ path: file.path, outputPath: join(work, `${file.id}.m4a`) })),
      'high',
    );
    const stored = await Promise.all(
      rendered.map(async (file, i) => {
        const key = `media/books/${book.id}/audio/${chapter.id}/${file.id}.m4a`;
        await storage.media.upload(key, encoded[i]!, 'audio/mp4');
        return { id: file.id, key, start: file.start, duration: file.duration };
      }),
    );
    await service.recordGenerated(job, stored);
    await jobs.finish(job.id);
    counts[kind] = (counts[kind] ?? 0) + stored.length;
    spent[kind] = (spent[kind] ?? 0) + (performance.now() - began) / 1000;
  }

  const cpuAtStart = cpuSeconds();
  await measure('chapter audio: generate all files (5 scenes)', Infinity, async () => {
    // Per scene its speech first (the beds are sized to it), then the score, effects and ambiance as
    // three jobs side by side, as the Audio tab's buttons start them.
    for (const scene of script.scenes) {
      await render(scene.dialogue.length ? 'dialogue' : 'narrator', scene.scene_number);
      await Promise.all(
        (['music', 'sound_effect', 'background_music'] as const).map((kind) =>
          render(kind, scene.scene_number),
        ),
      );
    }
  });
  const generation = { seconds: lastSeconds, cpu: cpuSeconds() - cpuAtStart };
  const files = await service.list('owner', chapter.id);
  const made = Object.entries(counts).map(([k, n]) => `${n} ${k} in ${spent[k]!.toFixed(1)} s`);
  console.log(`  ${files.length} files: ${made.join(', ')}`);

  // The chapterAudioExport job's work: fetch the chosen files, mix, store the mix.
  const cpuAtExport = cpuSeconds();
  const mix = await measure('chapter audio: export mix (m4a)', Infinity, async () => {
    const started = await service.startExport(
      'owner',
      chapter.id,
      audioExportRequest.parse({ audio_assets: files.map((f) => f.id) }),
    );
    const job = (await jobs.get(started.job_id)) as AudioExportJobRecord;
    const paths = await Promise.all(
      job.options.tracks.map((t, i) => storage.media.download(t.audio_key, join(work, `track-${i}.m4a`))),
    );
    const result = await engine.audio.mix({
      tracks: job.options.tracks.map((t, i) => ({
        path: paths[i]!,
        role: t.role,
        start: t.start,
        volume: t.volume,
      })),
      duration: job.options.duration,
      duckUnderSpeech: true,
      targetLoudness: -16,
      outputPath: join(work, 'chapter-mix.m4a'),
      format: 'm4a',
    });
    await storage.media.upload(`media/books/${book.id}/exports/${job.id}.m4a`, result.path, 'audio/mp4');
    return result;
  });
  const exported = { seconds: lastSeconds, cpu: cpuSeconds() - cpuAtExport };
  console.log(
    `  mix of ${files.length} files, ${mix.duration.toFixed(1)} s at ${mix.loudness} LUFS, true peak ${mix.truePeak} dBTP`,
  );
  return { audioSeconds: mix.duration, generation, exported };
}

/** The chapter audio's two figures: generating its files, and exporting their mix. */
async function audioBench(work: string) {
  const audio = await chapterAudio(work);
  const factor = (what: { seconds: number; cpu: number }) =>
    `${(audio.audioSeconds / what.seconds).toFixed(1)}× (${audio.audioSeconds.toFixed(1)} s of audio in ${what.seconds.toFixed(2)} s; ${what.cpu.toFixed(2)} CPU s, ${(audio.audioSeconds / what.cpu).toFixed(1)}× per CPU second)`;
  const exportFactor = audio.audioSeconds / audio.exported.seconds;
  console.log(
    `chapter audio export real-time factor ${factor(audio.exported)}   target ≥ 20× ${exportFactor >= 20 ? 'ok' : 'MISSED'}`,
  );
  console.log(`chapter audio generation real-time factor ${factor(audio.generation)}`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

async function main() {
  if (process.env.BENCH_ONLY === 'audio') {
    // `BENCH_ONLY=audio npm run bench:workspace`: the chapter audio alone.
    const work = mkdtempSync(join(tmpdir(), 'bookstudio-workspace-bench-'));
    try {
      await audioBench(work);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    return;
  }
  const engine = getEngine();
  const base = NOVEL_CHAPTERS.map((c) => c.paragraphs.join('\n\n'));
  const baseWords = base.join(' ').split(/\s+/).length;
  const rounds = Math.max(1, Math.round(TARGET_WORDS / baseWords));
  const chapters = Array.from({ length: rounds * base.length }, (_, i) => ({
    title: `${NOVEL_CHAPTERS[i % base.length]!.title} ${Math.floor(i / base.length) + 1}`,
    content: base[i % base.length]!,
  }));
  const words = chapters.reduce((sum, c) => sum + c.content.split(/\s+/).length, 0);
  console.log(`${cpus().length} cores; novel of ${words} words in ${chapters.length} chapters`);

  const plot = await measure(`plot overview (${words} words)`, 10, () =>
    engine.text.plotOverview({ title: 'Bench novel', chapters }),
  );
  const longChapter = { title: 'Long chapter', content: base.join('\n\n').repeat(3) };
  const chapterWords = longChapter.content.split(/\s+/).length;
  const screenplay = await measure(`5-scene script (${chapterWords}-word chapter)`, 5, () =>
    engine.text.screenplay({
      bookTitle: 'Bench novel',
      chapter: longChapter,
      characters: plot.characters,
      options: {
        style: 'cinematic_movie',
        sceneCount: 5,
        targetDuration: 'auto',
        focusAreas: [],
        storyType: plot.script_story_type,
        includeCharacterProfiles: true,
      },
    }),
  );
  const work = mkdtempSync(join(tmpdir(), 'bookstudio-workspace-bench-'));
  try {
    const hero = plot.characters[0]!;
    let heroPortrait: ImageResult | undefined;
    for (const [aspectRatio, quality] of [
      ['16:9', 'standard'],
      ['1:1', 'hd'],
    ] as const) {
      heroPortrait = await measure(`portrait ${aspectRatio} ${quality}`, 2, () =>
        engine.image.portrait({
          character: hero,
          style: 'cinematic',
          quality,
          aspectRatio,
          seed: hero.seed,
          outputPath: join(work, `portrait-${aspectRatio.replace(':', 'x')}.png`),
        }),
      );
    }
    // The chapter images route's work: each scene with its characters, the hero as the portrait fixed them.
    const reference = {
      name: hero.name,
      seed: hero.seed,
      physical_description: hero.physical_description,
      look: heroPortrait!.look!,
    };
    for (const scene of screenplay.scenes) {
      const image = await measure(
        `scene image ${scene.scene_number} 1280×720 (${scene.characters.length} characters)`,
        2,
        () =>
          engine.image.scene({
            scene,
            characters: plot.characters,
            references: [reference],
            style: 'cinematic',
            quality: 'standard',
            aspectRatio: '16:9',
            seed: scene.scene_number,
            lightingMood: 'natural',
            includeBackground: true,
            outputPath: join(work, `scene-${scene.scene_number}.png`),
          }),
      );
      // Checked after the timing: a file of the asked size, with every character placed.
      const file = await sharp(image.path).metadata();
      const placed = image.figures?.length ?? 0;
      if (file.width !== 1280 || file.height !== 720 || placed !== Math.min(6, scene.characters.length))
        throw new Error(`scene image ${file.width}×${file.height}, ${placed} figures`);
    }
    await audioBench(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
