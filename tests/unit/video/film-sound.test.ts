import { describe, expect, it } from 'vitest';
import type { BookRecord } from '../../../functions/books/model';
import { shortFilmFrame, shortFilmSound, shortFilmTitle } from '../../../functions/creator/film';
import type { CreationOptions } from '../../../functions/creator/model';
import { planProduction } from '../../../functions/video/jobs/plan';
import type { VideoGenerationOptions } from '../../../functions/video/model';
import type { ScriptRecord } from '../../../functions/scripts/model';

/**
 * A film's narrator and score as asked: the plan speaks every stretch of narration in the chosen
 * voice (else the script's default narrator) and carries the score asked for (off, or one mood);
 * Creator's short film turns its options into those and its frame into the asked aspect ratio.
 */
type Scene = ScriptRecord['scenes'][number];
const scene = (n: number, mood: string): Scene =>
  ({
    scene_number: n,
    heading: 'EXT. HARBOUR - DAWN',
    location: 'the harbour',
    setting_type: 'EXT',
    time_of_day: 'dawn',
    estimated_duration: 10,
    visual_description: 'Boats in the grey harbour.',
    key_actions: [],
    audio_requirements: [],
    characters: ['Ada'],
    mood,
    action: [],
    dialogue: [{ scene_number: n, character: 'Ada', line: 'The lamp is yours now.' }],
    narration: 'Ada climbed the stairs.',
    source_start: 0,
    source_end: 0,
  }) as unknown as Scene;

const script = {
  id: 's1',
  script_style: 'cinematic_movie',
  scenes: [scene(1, 'calm'), scene(2, 'tense')],
} as unknown as ScriptRecord;
const book = { id: 'b1', language: 'en' } as BookRecord;
const options = (extra: Partial<VideoGenerationOptions>): VideoGenerationOptions => ({
  script_id: 's1',
  quality_tier: 'basic',
  video_style: 'realistic',
  width: 1280,
  height: 720,
  fps: 30,
  timeline: null,
  redo_scenes: null,
  ...extra,
});
const plan = (extra: Partial<VideoGenerationOptions>) =>
  planProduction({
    generationId: 'g1',
    book,
    script,
    cast: [],
    images: [],
    options: options(extra),
    engine: { speech: { voiceFor: (choice) => `default-${choice.role}` } },
  });

const narrators = (p: ReturnType<typeof plan>) =>
  p.scenes.flatMap((s) => (s.beats ?? []).filter((b) => b.kind === 'narration').map((b) => b.voice));

describe("a film's narrator and score", () => {
  it("speak the script's default narrator and each scene's mood when nothing is asked", () => {
    const p = plan({});
    expect(narrators(p)).toEqual(['default-narrator', 'default-narrator']);
    expect(p.music ?? null).toBeNull();
    expect(p.scenes.map((s) => s.music)).toEqual(['cinematic score, calm', 'cinematic score, tense']);
  });

  it('speak every narration in the chosen voice, and the dialogue in its speaker’s', () => {
    const p = plan({ narrator_voice: 'en-GB-narrator-2' });
    expect(narrators(p)).toEqual(['en-GB-narrator-2', 'en-GB-narrator-2']);
    expect(p.scenes[0]!.narration!.voice).toBe('en-GB-narrator-2');
    expect(p.scenes[0]!.lines[0]!.voice).toBe('default-character');
  });

  it('carry the score asked for: off, or one mood for every scene', () => {
    const off = plan({ music: { enabled: false, mood: null } });
    expect(off.music).toEqual({ enabled: false, mood: null });
    expect(off.scenes.map((s) => s.music)).toEqual(['no music', 'no music']);
    const eerie = plan({ music: { enabled: true, mood: 'eerie' } });
    expect(eerie.scenes.map((s) => s.music)).toEqual(['cinematic score, eerie', 'cinematic score, eerie']);
  });
});

describe("Creator's short film", () => {
  const asked = (extra: Partial<CreationOptions>): CreationOptions => ({
    prompt: 'x',
    prompt_id: 'p',
    ...extra,
  });

  it('names its book after the first words of the prompt', () => {
    expect(shortFilmTitle('At dawn, the old keeper Ada climbed the stairs.')).toBe(
      'Short film: At dawn, the old keeper Ada…',
    );
    expect(shortFilmTitle('“Run!” she said.')).toBe('Short film: Run! she said');
  });

  it('asks the pipeline for its narrator, its score and its frame', () => {
    expect(shortFilmSound(asked({ voice: 'v1', music: 'off' }))).toEqual({
      narrator_voice: 'v1',
      music: { enabled: false, mood: null },
    });
    expect(shortFilmSound(asked({ music: 'sad' }))).toEqual({
      narrator_voice: null,
      music: { enabled: true, mood: 'sad' },
    });
    expect(shortFilmSound(asked({}))).toEqual({ narrator_voice: null, music: { enabled: true, mood: null } });
    expect(shortFilmFrame(asked({ aspect_ratio: '9:16' }))).toMatchObject({ width: 1080, height: 1920 });
    expect(shortFilmFrame(asked({ aspect_ratio: '1:1' }))).toMatchObject({ width: 1080, height: 1080 });
  });
});
