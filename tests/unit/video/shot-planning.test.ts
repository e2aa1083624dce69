import { describe, expect, it } from 'vitest';
import { CAMERA_KINDS, framedMove } from '../../../functions/engine/video/local/kenburns';
import type { AudioManifest } from '../../../functions/video/model';
import { MAX_SHOT_SECONDS, planShots } from '../../../functions/video/pipeline/shots';

/**
 * How a scene told at length is cut: a new framing of its picture at least every 8 s, a close-up of
 * a speaker only while their line is spoken, and a camera move on every shot, varied and seeded.
 */
const FPS = 24;
const line = (character: string, start: number, duration: number): AudioManifest['lines'][number] => ({
  key: 'k',
  character,
  text: 'words',
  start,
  duration,
  visemes: [],
});

/** A 75 s scene: 20 s of narration, Clerval's 3 s line, narration, Victor's 21 s speech, narration. */
const manifest = {
  duration: 75,
  lines: [line('Clerval', 20, 3), line('Victor', 30, 21), line('Elizabeth', 60, 0.5)],
};
const shotsOf = (seed: number, faces = () => true) =>
  planShots(manifest, manifest.duration, FPS, faces, (i) => `shot-${i}`, seed);

describe('the shots of a scene told at length', () => {
  it('cut or reframe at least every 8 s and cover the scene frame for frame', () => {
    const shots = shotsOf(3);
    expect(shots.reduce((sum, s) => sum + s.frames, 0)).toBe(75 * FPS);
    for (const shot of shots) expect(shot.duration).toBeLessThanOrEqual(8);
    // Shots follow each other without gap.
    shots.forEach(
      (shot, i) => i && expect(shot.start).toBeCloseTo(shots[i - 1]!.start + shots[i - 1]!.duration, 9),
    );
    expect(shots.filter((s) => s.kind === 'scene').length).toBeGreaterThanOrEqual(75 / MAX_SHOT_SECONDS - 3);
  });

  it('show a close-up only while its speaker speaks (a breath of hold at most), never for a passing word', () => {
    const shots = shotsOf(3);
    const close = shots.filter((s) => s.kind === 'dialogue');
    expect(close.map((s) => s.character)).toEqual(['Clerval', 'Victor']);
    for (const shot of close) {
      const spoken = manifest.lines[shot.line!]!;
      expect(spoken.character).toBe(shot.character);
      expect(shot.start).toBeGreaterThanOrEqual(spoken.start - 0.5);
      expect(shot.start + shot.duration).toBeLessThanOrEqual(spoken.start + spoken.duration + 1);
    }
    // Victor's long speech: a close-up for its opening, then the scene while he goes on.
    const victor = close.find((s) => s.character === 'Victor')!;
    expect(victor.duration).toBeCloseTo(MAX_SHOT_SECONDS, 1);
    const after = shots[shots.indexOf(victor) + 1]!;
    expect(after).toMatchObject({ kind: 'scene', line: null });
    // A speaker without a portrait is never shown in close-up.
    expect(shotsOf(3, () => false).every((s) => s.kind === 'scene')).toBe(true);
  });

  it('move the camera on every shot: close-ups push in, the scene’s framings vary and never repeat a move', () => {
    const shots = shotsOf(3);
    for (const shot of shots) expect(shot.camera).toBeDefined();
    for (const shot of shots.filter((s) => s.kind === 'dialogue')) expect(shot.camera).toBe('push-in');
    const scene = shots.filter((s) => s.kind === 'scene').map((s) => s.camera!);
    scene.forEach((kind, i) => i && expect(kind).not.toBe(scene[i - 1]));
    expect(new Set(scene).size).toBeGreaterThanOrEqual(3);
    // The same seed plans the same film; another seed another one.
    expect(shotsOf(3)).toEqual(shots);
    expect(shotsOf(4).map((s) => s.camera)).not.toEqual(shots.map((s) => s.camera));
  });

  it('frame every move inside the picture, and each kind as it is named', () => {
    for (const kind of CAMERA_KINDS)
      for (let i = 0; i < 20; i++) {
        const move = framedMove(kind, 9, i);
        for (const v of [move.xFrom, move.xTo, move.yFrom, move.yTo]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        expect(Math.min(move.zoomFrom, move.zoomTo)).toBeGreaterThanOrEqual(1);
        if (kind === 'push-in') expect(move.zoomTo).toBeGreaterThan(move.zoomFrom + 0.1);
        if (kind === 'pull-out') expect(move.zoomFrom).toBeGreaterThan(move.zoomTo + 0.1);
        if (kind === 'pan-right') expect(move.xTo).toBeGreaterThan(move.xFrom);
        if (kind === 'pan-left') expect(move.xTo).toBeLessThan(move.xFrom);
        if (kind === 'rise') expect(move.yTo).toBeLessThan(move.yFrom);
      }
  });
});
