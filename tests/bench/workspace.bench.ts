import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { getEngine } from '../../functions/engine';
import type { ImageResult } from '../../functions/engine/image/types';
import { NOVEL_CHAPTERS } from '../fixtures/novel';
import { trackPeakMemory } from './process-memory';

/**
 * `npm run bench:workspace`: the engine work behind the workspace's routes, each with its time and
 * the process's peak memory — the plot overview of a ~60 000-word novel (target ≤ 10 s), a 5-scene
 * script of a long chapter (synchronous in the API: target ≤ 5 s, well inside 2 s for a usual one),
 * portraits at 1280×720 and 1:1 hd, and the 5 scene images of the script at 1280×720, their
 * characters drawn with the look of the hero's portrait (target ≤ 2 s each). The novel is the test
 * novel's three chapters repeated with numbered chapter titles, so names, dialogue and places are real.
 */
const TARGET_WORDS = Number(process.env.BENCH_WORDS ?? 60_000);

async function measure<T>(label: string, target: number, work: () => Promise<T>): Promise<T> {
  const memory = trackPeakMemory();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  console.log(
    `${label.padEnd(44)} ${seconds.toFixed(2).padStart(6)} s   peak ${(peak / 2 ** 20).toFixed(0).padStart(5)} MB   target ≤ ${target} s ${seconds <= target ? 'ok' : 'MISSED'}`,
  );
  return result;
}

async function main() {
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
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
