/**
 * One chapter film through the public API, for the tests that run the whole pipeline on model
 * providers: a short entertainment book of the test's own, its plot, a three-scene script, one
 * character's portrait, then the film. `beforeFilm` runs just before the film starts (to make a
 * provider fail once, say).
 */
import { writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import type { GenerationStarted, VideoGeneration } from '../../functions/contracts/video';
import { probe } from '../../functions/engine/media/ffmpeg';
import { confirmAsExtracted, uploadBook, type TestRuntime } from './helpers';

const CHAPTER = [
  'Chapter 1: The Lamp',
  '',
  'The storm came in at dusk, and Mara Vell climbed the tower stairs with the oil can in her hand. ' +
    'The great lens was cold and the wick was dry.',
  '“Tobias, the lamp is out,” Mara called down the stairwell. “Bring the matches, quickly!”',
  '“I have them here,” said Tobias, and he ran up after her, his boots ringing on the iron steps.',
  'Out on the black water a fishing boat rolled between the waves, its sail torn, drifting toward the rocks below the point.',
  '“Light it now,” said Tobias. “They cannot see the reef.”',
  'Mara struck the match, and the flame caught. The lens turned, and its long beam swept across the sea. ' +
    'Far below, the boat swung about and ran for the harbour.',
  '“They saw it,” Mara said softly. “They saw it in time.”',
].join('\n\n');

export async function filmAChapter(
  t: TestRuntime,
  token: string,
  beforeFilm: () => void = () => undefined,
): Promise<{ generation: VideoGeneration; portrayed: string }> {
  const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const upload = await uploadBook(t, { token, bookType: 'entertainment', title: 'The Lamp', text: CHAPTER });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const bookId = String(upload.body.id);
  await confirmAsExtracted(t, bookId, token);
  const chapters = await api<{ id: string }[]>('GET', `/books/${bookId}/chapters`);
  const chapterId = chapters.body[0]!.id;

  await api('POST', `/plots/books/${bookId}/generate`, {});
  await t.runtime.stepFunctions.idle();
  const overview = (await api<PlotOverview>('GET', `/plots/books/${bookId}/overview`)).body;
  expect(overview.characters.length, JSON.stringify(overview)).toBeGreaterThan(0);

  // The script, whether the route answers it at once or as a job to follow.
  const written = await api<Script>('POST', '/ai/generate-script-and-scenes', {
    chapter_id: chapterId,
    script_style: 'cinematic_movie',
    scene_count: 3,
    include_character_profiles: true,
  });
  expect([200, 201, 202], JSON.stringify(written.body)).toContain(written.status);
  await t.runtime.stepFunctions.idle();
  const scripts = await api<Script[]>('GET', `/ai/scripts/${chapterId}`);
  expect(scripts.body.length, JSON.stringify(scripts.body)).toBeGreaterThan(0);
  const script = scripts.body[0]!;

  // One character's portrait: the scenes they are in are drawn with it as the reference.
  const sitter = overview.characters.find((c) => /Mara|Tobias/.test(c.name)) ?? overview.characters[0]!;
  await api('POST', `/characters/${sitter.id}/generate-image`, {});
  await t.runtime.stepFunctions.idle();

  beforeFilm();
  const started = await api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
    script_id: script.id,
    chapter_id: chapterId,
    quality_tier: 'basic',
    video_style: 'realistic',
    mode: 'basic',
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await t.runtime.stepFunctions.idle();
  const generation = (
    await api<VideoGeneration>('GET', `/ai/video-generation-status/${started.body.video_generation_id}`)
  ).body;
  return { generation, portrayed: sitter.name };
}

/** A media file the API links to (a path below the runtime's origin), saved at `path` and probed. */
export async function fetchMedia(t: TestRuntime, url: string, path: string) {
  const response = await fetch(`${new URL(t.runtime.apiUrl).origin}${url}`);
  expect(response.status, url).toBe(200);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return { path, probe: await probe(path) };
}

/** The film of a finished generation, fetched and probed, and its subtitles' text. */
export async function fetchFilm(t: TestRuntime, generation: VideoGeneration, path: string) {
  expect(generation.generation_status, generation.error_message ?? '').toBe('completed');
  const film = await fetchMedia(t, generation.video_url!, path);
  expect(generation.subtitles_url).toBeTruthy();
  const origin = new URL(t.runtime.apiUrl).origin;
  const cues = await (await fetch(`${origin}${generation.subtitles_url}`)).text();
  return { probed: film.probe, cues };
}
