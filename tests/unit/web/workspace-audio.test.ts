import { describe, expect, it } from 'vitest';
import {
  defaultKinds,
  defaultVoiceModel,
  kindsForScene,
  placeOnTimeline,
  sceneStarts,
  sortAudioFiles,
  timelineTicks,
  zoomIn,
  zoomOut,
  ZOOM_DEFAULT,
} from '../../../web/src/features/workspace/model/audio';

describe('audio timeline', () => {
  it('zooms from 50 % to 300 % in steps of 25 %', () => {
    const ins: number[] = [];
    for (let z = ZOOM_DEFAULT; ins.at(-1) !== 300; z = zoomIn(z)) ins.push(zoomIn(z));
    expect(ins).toEqual([125, 150, 175, 200, 225, 250, 275, 300]);
    expect(zoomIn(300)).toBe(300);
    expect(zoomOut(100)).toBe(75);
    expect(zoomOut(zoomOut(75))).toBe(50);
  });
  it('has a tick every 10 s up to the end', () => {
    expect(timelineTicks(35)).toEqual([0, 10, 20, 30]);
    expect(timelineTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(timelineTicks(0)).toEqual([0]);
  });
  it('places a file at its scene start plus its own start', () => {
    const { starts, total } = sceneStarts([
      { scene_number: 2, estimated_duration: 20 },
      { scene_number: 1, estimated_duration: 15 },
    ]);
    expect(total).toBe(35);
    expect(starts.get(1)).toBe(0);
    expect(starts.get(2)).toBe(15);
    expect(placeOnTimeline({ scene_number: 2, startTime: 3, duration: 4, endTime: null }, starts)).toEqual({
      start: 18,
      length: 4,
    });
    expect(placeOnTimeline({ scene_number: 1, startTime: 2, duration: null, endTime: 7 }, starts)).toEqual({
      start: 2,
      length: 5,
    });
  });
});

describe('audio lists and defaults', () => {
  it('lists generating, completed, failed, then pending files, newest first within each', () => {
    const files = [
      { id: 'p', status: 'pending' as const, created_at: '3' },
      { id: 'c1', status: 'completed' as const, created_at: '1' },
      { id: 'f', status: 'failed' as const, created_at: '4' },
      { id: 'c2', status: 'completed' as const, created_at: '2' },
      { id: 'g', status: 'generating' as const, created_at: '0' },
    ];
    expect(sortAudioFiles(files).map((f) => f.id)).toEqual(['g', 'c2', 'c1', 'f', 'p']);
  });
  it('narration scripts get a narrator voice, cinematic ones a conversational voice; Generate All may make every kind', () => {
    expect(defaultVoiceModel('cinematic_narration')).toBe('elevenlabs_narrator');
    expect(defaultVoiceModel('cinematic_movie')).toBe('elevenlabs_conversational');
    for (const style of ['cinematic_narration', 'cinematic_movie'] as const)
      expect(defaultKinds(style)).toEqual({
        narrator: true,
        dialogue: true,
        music: true,
        sound_effect: true,
        background_music: true,
      });
  });

  it('with the defaults, each scene gets the speech it has: no dialogue asked of a scene without lines', () => {
    const all = defaultKinds('cinematic_movie');
    const narrated = { narration: 'It was on a dreary night of November.', dialogue: [] };
    const talking = { narration: '', dialogue: [{ line: 'Beautiful!' }, { line: ' ' }] };
    const both = { narration: 'He came in.', dialogue: [{ line: 'Clerval!' }] };
    const silent = { narration: ' ', dialogue: [{ line: '  ' }] };
    const beds = ['music', 'sound_effect', 'background_music'];
    expect(kindsForScene(narrated, all)).toEqual(['narrator', ...beds]);
    expect(kindsForScene(talking, all)).toEqual(['dialogue', ...beds]);
    expect(kindsForScene(both, all)).toEqual(['narrator', 'dialogue', ...beds]);
    // Nothing to speak but a description: the narrator reads it, never an empty dialogue.
    expect(kindsForScene(silent, all)).toEqual(['narrator', ...beds]);
    // What the user turned off stays off.
    expect(kindsForScene(both, { ...all, narrator: false, music: false })).toEqual([
      'dialogue',
      'sound_effect',
      'background_music',
    ]);
  });
});
