import { describe, expect, it } from 'vitest';
import {
  addArchetype,
  characterMessages,
  charactersNeedingImages,
  keepExisting,
  preview,
  searchCharacters,
  shouldOfferRedraw,
  toggleAll,
  type CharacterLike,
} from '../../../web/src/features/workspace/model/characters';
import {
  CHARACTER_IMAGE_MAX_POLLS,
  characterImageMessages,
  nextCharacterImagePoll,
} from '../../../web/src/features/workspace/model/polling';
import {
  chapterStages,
  completedStages,
  mediaStage,
  recordsOf,
  stageProgress,
} from '../../../web/src/features/workspace/model/stages';
import {
  chapterOf,
  SELECT_CHAPTER_PROMPTS,
  tabAfterKey,
  tabOf,
} from '../../../web/src/features/workspace/model/tabs';

const character = (over: Partial<CharacterLike> & { id: string }): CharacterLike => ({
  name: '',
  role: '',
  physical_description: '',
  personality: '',
  image_url: null,
  ...over,
});

const cast = [
  character({
    id: 'n',
    name: 'Nell',
    role: 'protagonist',
    physical_description: 'Red hair under a wool cap',
  }),
  character({ id: 'c', name: 'Captain Crane', role: 'antagonist', personality: 'Cold and patient' }),
  character({
    id: 'b',
    name: 'Brannigan',
    role: 'mentor',
    physical_description: 'White beard',
    image_url: '/b.png',
  }),
];

describe('character search', () => {
  it('matches name, role, description and personality in any letter case', () => {
    expect(searchCharacters(cast, 'NELL').map((c) => c.id)).toEqual(['n']);
    expect(searchCharacters(cast, 'Antagonist').map((c) => c.id)).toEqual(['c']);
    expect(searchCharacters(cast, 'wool CAP').map((c) => c.id)).toEqual(['n']);
    expect(searchCharacters(cast, 'patient').map((c) => c.id)).toEqual(['c']);
  });
  it('an empty or blank query shows everyone; no match shows no one', () => {
    expect(searchCharacters(cast, '  ')).toHaveLength(3);
    expect(searchCharacters(cast, 'dragon')).toEqual([]);
  });
});

describe('archetypes added by prompt', () => {
  it('are trimmed, and empty or repeated ones (any case) are ignored', () => {
    expect(addArchetype([], '  The Mentor ')).toEqual(['The Mentor']);
    expect(addArchetype(['Hero'], '   ')).toEqual(['Hero']);
    expect(addArchetype(['Hero'], null)).toEqual(['Hero']);
    expect(addArchetype(['Hero'], 'hero')).toEqual(['Hero']);
    expect(addArchetype(['Hero'], 'Trickster')).toEqual(['Hero', 'Trickster']);
  });
});

describe('Generate All Images checks', () => {
  it('says there are no characters, or that all have images', () => {
    expect(charactersNeedingImages([])).toEqual({ ok: false, message: characterMessages.noCharacters });
    expect(charactersNeedingImages([cast[2]!])).toEqual({
      ok: false,
      message: characterMessages.allHaveImages,
    });
    expect(characterMessages.noCharacters).toBe('No characters available to generate images');
    expect(characterMessages.allHaveImages).toBe('All characters already have images');
  });
  it('draws only the characters without an image', () => {
    const result = charactersNeedingImages(cast);
    expect(result.ok && result.characters.map((c) => c.id)).toEqual(['n', 'c']);
  });
});

describe('selection', () => {
  it('select-all selects the shown characters, and clears them when all are selected', () => {
    const shown = cast.slice(0, 2);
    const all = toggleAll(new Set(['b']), shown);
    expect([...all].sort()).toEqual(['b', 'c', 'n']);
    expect([...toggleAll(all, shown)]).toEqual(['b']);
  });
  it('forgets characters that no longer exist', () => {
    expect([...keepExisting(new Set(['n', 'gone']), cast)]).toEqual(['n']);
  });
});

describe('descriptions and the redraw offer', () => {
  it('collapses text past the limit', () => {
    expect(preview('a'.repeat(100), 100)).toEqual({ text: 'a'.repeat(100), cut: false });
    const cut = preview('b'.repeat(101), 100);
    expect(cut.cut).toBe(true);
    expect(cut.text).toBe(`${'b'.repeat(100)}…`);
  });
  it('offers to redraw only a character with an image whose description changed', () => {
    expect(shouldOfferRedraw(cast[2]!, 'White beard')).toBe(false);
    expect(shouldOfferRedraw(cast[2]!, 'Grey beard')).toBe(true);
    expect(shouldOfferRedraw(cast[0]!, 'Black hair')).toBe(false);
  });
});

describe('character image polling', () => {
  it('polls once a second, 120 times, with a loading toast on every 10th poll', () => {
    const decisions = Array.from({ length: 130 }, (_, i) => nextCharacterImagePoll(i + 1));
    const waits = decisions.filter((d) => d.action === 'wait');
    expect(waits).toHaveLength(CHARACTER_IMAGE_MAX_POLLS - 1);
    expect(new Set(waits.map((d) => d.action === 'wait' && d.delayMs))).toEqual(new Set([1000]));
    expect(decisions.findIndex((d) => d.action === 'timeout') + 1).toBe(120);
    const toasts = decisions.flatMap((d, i) => (d.action === 'wait' && d.toast ? [i + 1] : []));
    expect(toasts).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]);
  });
  it('uses the spec words', () => {
    expect(characterImageMessages.queued(60)).toBe('Image generation queued: about 60 seconds');
    expect(characterImageMessages.batchProgress(3, 11, 4)).toBe(
      'Generating 11 character images: 3 of 11 done (about 4 seconds each)',
    );
    expect(characterImageMessages.batchDone(1)).toBe('1 character image generated successfully');
    expect(characterImageMessages.batchPartly(9, 11)).toBe('9 of 11 character images generated; 2 failed');
    expect(characterImageMessages.timedOut).toBe('Image generation timed out. Please check status later.');
    expect(characterImageMessages.completed).toBe('Character image generated successfully');
  });
});

describe('chapter stages', () => {
  it('counts completed stages out of 5', () => {
    const none = chapterStages({ hasPlot: false });
    expect(none).toEqual({ plot: 'idle', script: 'idle', images: 'idle', audio: 'idle', video: 'idle' });
    expect(stageProgress(none)).toBe(0);
    const all = chapterStages({
      hasPlot: true,
      scriptCount: 2,
      images: [{ status: 'completed', image_type: 'scene' }],
      audio: [{ status: 'failed' }, { status: 'completed' }],
      hasVideo: true,
    });
    expect(completedStages(all)).toBe(5);
    expect(stageProgress(all)).toBe(100);
    expect(stageProgress(chapterStages({ hasPlot: true, scriptCount: 1 }))).toBe(40);
  });
  it('a character portrait does not complete the images stage', () => {
    expect(
      chapterStages({ hasPlot: false, images: [{ status: 'completed', image_type: 'character' }] }).images,
    ).toBe('idle');
  });
  it('shows generating while a job runs and error after a failure', () => {
    expect(chapterStages({ hasPlot: false, plotGenerating: true }).plot).toBe('generating');
    expect(chapterStages({ hasPlot: true, plotGenerating: true }).plot).toBe('generating');
    expect(chapterStages({ hasPlot: false, plotFailed: true }).plot).toBe('error');
    expect(chapterStages({ hasPlot: true, plotFailed: true }).plot).toBe('completed');
    expect(chapterStages({ hasPlot: true, scriptCount: 0, scriptFailed: true }).script).toBe('error');
    expect(mediaStage([{ status: 'generating' }, { status: 'failed' }])).toBe('generating');
    expect(mediaStage([{ status: 'failed' }])).toBe('error');
    expect(mediaStage(undefined)).toBe('idle');
  });
  it("follows the chapter's video generations: generating, error after a failure, else any finished video", () => {
    expect(chapterStages({ hasPlot: false, videoStage: 'generating', hasVideo: true }).video).toBe(
      'generating',
    );
    expect(chapterStages({ hasPlot: false, videoStage: 'error', hasVideo: true }).video).toBe('error');
    expect(chapterStages({ hasPlot: false, videoStage: 'idle', hasVideo: true }).video).toBe('completed');
    expect(chapterStages({ hasPlot: false, videoStage: 'completed' }).video).toBe('completed');
    expect(chapterStages({ hasPlot: false, videoStage: 'idle' }).video).toBe('idle');
  });
  it('reads list answers in any envelope', () => {
    expect(recordsOf([{ status: 'completed' }])).toHaveLength(1);
    expect(recordsOf({ chapter_id: 'x', images: [{ status: 'completed' }] })).toHaveLength(1);
    expect(recordsOf(null)).toEqual([]);
    expect(recordsOf({ detail: 'Not Found' })).toEqual([]);
  });
});

describe('workspace tabs and URL', () => {
  it('reads the tab and the chapter from the URL, defaulting to Plot and the first chapter', () => {
    expect(tabOf('script')).toBe('script');
    expect(tabOf('nonsense')).toBe('plot');
    expect(tabOf(null)).toBe('plot');
    expect(chapterOf('c2', ['c1', 'c2'])).toBe('c2');
    expect(chapterOf('gone', ['c1', 'c2'])).toBe('c1');
    expect(chapterOf(null, [])).toBeNull();
  });
  it('moves between tabs with the arrow keys, wrapping, and Home/End', () => {
    expect(tabAfterKey('plot', 'ArrowRight')).toBe('script');
    expect(tabAfterKey('video', 'ArrowRight')).toBe('plot');
    expect(tabAfterKey('plot', 'ArrowLeft')).toBe('video');
    expect(tabAfterKey('audio', 'Home')).toBe('plot');
    expect(tabAfterKey('script', 'End')).toBe('video');
    expect(tabAfterKey('script', 'Enter')).toBeNull();
  });
  it('asks for a chapter in the spec words', () => {
    expect(Object.values(SELECT_CHAPTER_PROMPTS)).toEqual([
      'Please select a chapter to generate scripts',
      'Please select a chapter to generate images',
      'Please select a chapter to manage audio',
      'Please select a chapter to produce videos',
    ]);
  });
});
