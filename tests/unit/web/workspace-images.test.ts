import type { ChapterImage } from '@contracts/images';
import { describe, expect, it } from 'vitest';
import { afterAnswer, firstWait } from '../../../web/src/lib/job-status';
import {
  characterImageOf,
  characterNames,
  CHAPTER_IMAGE_SCHEDULE,
  sceneImageOf,
} from '../../../web/src/features/workspace/model/images';

let clock = 0;
const image = (over: Partial<ChapterImage> & { scene?: number }): ChapterImage => {
  const { scene, ...rest } = over;
  clock += 1;
  return {
    id: `i${clock}`,
    image_url: null,
    image_type: 'scene',
    character_name: null,
    script_id: null,
    status: 'completed',
    error: null,
    global: false,
    deletable: true,
    job_id: null,
    character_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString(),
    updated_at: '',
    metadata: { scene_number: scene ?? null } as ChapterImage['metadata'],
    ...rest,
  };
};

describe('chapter image polling', () => {
  it('checks every 3 s and gives up after 5 minutes (100 checks)', () => {
    const generating = { status: 'generating' as const };
    const decisions = Array.from({ length: 100 }, (_, i) =>
      afterAnswer(CHAPTER_IMAGE_SCHEDULE, generating, i + 1),
    );
    expect(firstWait(CHAPTER_IMAGE_SCHEDULE)).toBe(3000);
    expect(decisions.slice(0, 99).every((d) => d.action === 'wait' && d.delayMs === 3000)).toBe(true);
    expect(decisions[99]).toEqual({ action: 'timeout' });
    expect(afterAnswer(CHAPTER_IMAGE_SCHEDULE, { status: 'completed' }, 1)).toEqual({ action: 'ended' });
    expect(afterAnswer(CHAPTER_IMAGE_SCHEDULE, { status: 'failed' }, 100)).toEqual({ action: 'ended' });
  });
});

describe('which picture a scene shows', () => {
  it('the newest drawn or being drawn, before a newer failed one', () => {
    const old = image({ scene: 1, status: 'completed' });
    const failed = image({ scene: 1, status: 'failed' });
    expect(sceneImageOf([old, failed], 1)).toBe(old);
    const redraw = image({ scene: 1, status: 'generating' });
    expect(sceneImageOf([old, failed, redraw], 1)).toBe(redraw);
    expect(sceneImageOf([failed], 1)).toBe(failed);
    expect(sceneImageOf([old], 2)).toBeUndefined();
  });
});

describe('which picture a character shows', () => {
  const portrait = image({
    image_type: 'character',
    character_name: 'Captain Crane',
    global: true,
    deletable: false,
  });
  it("the chapter's own picture before the plot's portrait, names matched by the spec's rule", () => {
    expect(characterImageOf([portrait], 'Crane')).toBe(portrait);
    const own = image({ image_type: 'character', character_name: 'Crane' });
    expect(characterImageOf([portrait, own], 'Captain Crane')).toBe(own);
    expect(characterImageOf([portrait], 'Nell')).toBeUndefined();
  });
  it("lists the script's characters, else the portraits' names, without repeats", () => {
    expect(characterNames(['Nell', 'nell', 'Crane'], [portrait])).toEqual(['Nell', 'Crane']);
    expect(characterNames([], [portrait])).toEqual(['Captain Crane']);
  });
});
