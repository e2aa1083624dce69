import type { Character } from '@contracts/plots';
import { usageBar, type Subscription, type Usage } from '@contracts/subscriptions';
import { EDITOR_DEFAULTS, type EditorSettings, type VideoGeneration } from '@contracts/video';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { StructureEditor } from '../../../../web/src/features/books/components/upload-wizard/structure-editor';
import type { EditableChapter } from '../../../../web/src/features/books/components/upload-wizard/chapters';
import { MergeSettings } from '../../../../web/src/features/merge/components/merge-settings';
import { defaultForm } from '../../../../web/src/features/merge/model/settings';
import { CurrentPlan } from '../../../../web/src/features/subscriptions/components/current-plan';
import {
  CharacterCard,
  voiceLabel,
} from '../../../../web/src/features/workspace/components/plot/character-card';
import { CharacterFormModal } from '../../../../web/src/features/workspace/components/plot/character-form';
import { ScriptForm } from '../../../../web/src/features/workspace/components/script/script-form';
import { GenerationHistory } from '../../../../web/src/features/workspace/components/video/generation-history';
import { SettingsTab } from '../../../../web/src/features/workspace/components/video/settings-tab';
import { attributes, markup, textOf } from './markup';

const noop = () => {};
/** The `value` of every checked or selected control. */
const chosen = (html: string) =>
  [...html.matchAll(/<(?:option|input)[^>]*(?:selected|checked)=""[^>]*>/g)].map((m) => m[0]);

describe('merge settings', () => {
  it('offers the presets, tiers and formats, without the custom options or watermark text by default', () => {
    const text = textOf(
      markup(createElement(MergeSettings, { form: defaultForm(), disabled: false, onChange: noop })),
    );
    for (const word of [
      'YouTube',
      'Instagram',
      'TikTok',
      'Web (480p)',
      'Medium (720p)',
      'High (1080p)',
      'Custom',
      'MP4',
      'WEBM',
      'MOV',
    ])
      expect(text).toContain(word);
    expect(text).toContain('Add a text watermark');
    expect(text).not.toContain('Watermark text');
  });

  it('the custom tier shows its encoder options; a watermark its text and position; disabled locks every control', () => {
    const html = markup(
      createElement(MergeSettings, {
        form: { ...defaultForm(), quality_tier: 'custom', watermark: true, watermark_text: 'Studio' },
        disabled: true,
        onChange: noop,
      }),
    );
    const plain = textOf(
      markup(createElement(MergeSettings, { form: defaultForm(), disabled: false, onChange: noop })),
    );
    expect(textOf(html).length).toBeGreaterThan(plain.length);
    expect(attributes(html, 'value')).toContain('Studio');
    expect(html).toMatch(/^<fieldset disabled=""/);
    expect(
      markup(createElement(MergeSettings, { form: defaultForm(), disabled: false, onChange: noop })),
    ).not.toContain('disabled=""');
  });
});

describe('video settings tab', () => {
  const tab = (settings: EditorSettings) => markup(createElement(SettingsTab, { settings, onChange: noop }));

  it("shows the editor's settings as chosen", () => {
    const html = tab({ ...EDITOR_DEFAULTS, resolution: '4k', aspectRatio: '9:16' });
    expect(textOf(html)).toContain('Resolution 720p 1080p 4k');
    expect(chosen(html).some((tag) => tag.includes('value="4k"'))).toBe(true);
    expect(chosen(html).some((tag) => tag.includes('value="9:16"'))).toBe(true);
  });

  it('enables the watermark text and position only with the watermark on', () => {
    const fields = (html: string) =>
      [...html.matchAll(/<(?:input|select)\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((t) => t.includes('disabled=""'));
    const off = tab({ ...EDITOR_DEFAULTS, watermark: { enabled: false, text: '', position: 'top-left' } });
    expect(fields(off)).toHaveLength(2);
    const on = tab({ ...EDITOR_DEFAULTS, watermark: { enabled: true, text: 'Mine', position: 'top-left' } });
    expect(fields(on)).toHaveLength(0);
    expect(attributes(on, 'value')).toContain('Mine');
  });
});

describe('script form', () => {
  it('offers styles, durations, story types and focus areas, with Generate Script ready', () => {
    const html = markup(createElement(ScriptForm, { chapterId: 'c1', busy: false, onGenerate: noop }));
    const text = textOf(html);
    expect(text).toContain('Script style Character Dialogue Voice-over Narration');
    expect(text).toContain("Hero's Journey");
    expect(text).toContain('Scene count 3–15; other values use 5');
    expect(html).toMatch(/aria-busy="false"[^>]*>Generate Script/);
  });

  it('is busy while a script is generated', () => {
    const html = markup(createElement(ScriptForm, { chapterId: 'c1', busy: true, onGenerate: noop }));
    expect(html).toMatch(/aria-busy="true"/);
  });
});

const chapter = (over: Partial<EditableChapter>): EditableChapter => ({
  key: 'a',
  title: 'The Harbour',
  content: 'It was night.',
  contentTruncated: false,
  edited: false,
  ...over,
});

describe('structure editor', () => {
  it('groups chapters under their sections, numbers them and counts their words', () => {
    const section = { title: 'Part One', type: 'part', number: 1 };
    const html = markup(
      createElement(StructureEditor, {
        structure: { has_sections: true, structure_type: 'parts', structure_metadata: {} } as never,
        chapters: [
          chapter({ section }),
          chapter({ key: 'b', title: 'The Storm', content: 'Rain fell.', section }),
        ],
        onChange: noop,
      }),
    );
    const text = textOf(html);
    expect(text).toContain('Section 1: Part One');
    expect(text).toContain('1. 3 words');
    expect(text).toContain('2. 2 words');
    expect(attributes(html, 'value')).toEqual(['The Harbour', 'The Storm']);
    // The first cannot move up, the last cannot move down.
    expect(html.match(/disabled=""/g)?.length).toBe(2);
  });

  it('a flat book has no section headings', () => {
    const text = textOf(
      markup(
        createElement(StructureEditor, {
          structure: { has_sections: false, structure_type: 'flat', structure_metadata: {} } as never,
          chapters: [chapter({})],
          onChange: noop,
        }),
      ),
    );
    expect(text).not.toContain('Section');
    expect(text).toContain('+ Add chapter');
  });
});

describe('generation history', () => {
  const generations = [
    {
      id: 'g-1-aaaaaaaa',
      video_generation_id: 'g-1-aaaaaaaa',
      generation_status: 'completed',
      video_url: '/f.mp4',
      final_video: { video_url: '/f.mp4' },
      created_at: '2026-01-02T10:00:00Z',
    },
    {
      id: 'g-2-bbbbbbbb',
      video_generation_id: 'g-2-bbbbbbbb',
      generation_status: 'failed',
      video_url: null,
      final_video: null,
      created_at: '2026-01-03T10:00:00Z',
    },
  ] as unknown as VideoGeneration[];

  it('lists each run with its state and short id; only finished films can be played', () => {
    const html = markup(
      createElement(GenerationHistory, {
        generations,
        currentId: 'g-2-bbbbbbbb',
        onOpen: noop,
        onPlay: noop,
      }),
    );
    const text = textOf(html);
    expect(text).toMatch(/completed .*#aaaaaaaa Open Play/);
    expect(text).toMatch(/failed .*#bbbbbbbb Open$/);
    expect(html).toContain('aria-current="true"');
  });

  it('shows nothing without generations', () => {
    expect(
      textOf(
        markup(
          createElement(GenerationHistory, { generations: [], currentId: null, onOpen: noop, onPlay: noop }),
        ),
      ),
    ).toBe('');
  });
});

const character = (over: Partial<Character> = {}) =>
  ({
    id: 'ch1',
    name: 'Mara Vell',
    role: 'protagonist',
    physical_description: 'Tall, with salt-grey hair.',
    personality: 'Stubborn',
    character_arc: 'Learns to trust',
    archetypes: ['Hero'],
    want: 'a ship',
    need: 'a home',
    lie: 'alone is safe',
    ghost: 'the wreck',
    gender: 'female',
    seed: 1,
    voice: 'espeak:en:mara-voice',
    image_url: null,
    look: null,
    image_outdated: false,
    origin: 'generated',
    ...over,
  }) as Character;

describe('character card and form', () => {
  const card = (c: Character, drawing = false) =>
    markup(
      createElement(CharacterCard, {
        character: c,
        selected: true,
        drawing,
        onToggle: noop,
        onEdit: noop,
        onDelete: noop,
        onGenerateImage: noop,
        onView: noop,
      }),
    );

  it('names the voice by its name and the name of its language', () => {
    expect(voiceLabel('espeak:en:mara-voice')).toBe('Mara voice (English)');
    expect(voiceLabel('local:en-GB:character-matron')).toBe('Character matron (British English)');
    expect(voiceLabel('narrator_deep')).toBe('Narrator deep');
  });

  it('shows the role, description, personality, archetypes and voice; an initial without a portrait', () => {
    const text = textOf(card(character()));
    expect(text).toMatch(
      /^M Mara Vell Protagonist Tall, with salt-grey hair\. Personality: Stubborn Hero Voice: Mara voice \(English\)/,
    );
    expect(text).toContain('Generate Image');
  });

  it('with a portrait shows it; while drawing says so', () => {
    const drawn = card(character({ image_url: '/media/mara.png' }));
    expect(attributes(drawn, 'src')).toContain('/media/mara.png');
    const drawing = textOf(card(character(), true));
    expect(drawing).not.toMatch(/^M Mara/);
  });

  it('the form edits a character with its fields filled, or creates a new one empty', () => {
    const edit = markup(
      createElement(CharacterFormModal, {
        open: true,
        character: character(),
        onClose: noop,
        onSubmit: async () => true,
      }),
    );
    expect(textOf(edit)).toMatch(/^Edit Mara Vell/);
    expect(textOf(edit)).toContain('Save Changes');
    expect(attributes(edit, 'value')).toContain('Mara Vell');
    const create = markup(
      createElement(CharacterFormModal, {
        open: true,
        character: null,
        onClose: noop,
        onSubmit: async () => true,
      }),
    );
    expect(textOf(create)).toMatch(/^Create Character .* Create Character$/);
    expect(attributes(create, 'value')).not.toContain('Mara Vell');
  });
});

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  tier: 'basic',
  display_name: 'Basic',
  status: 'active',
  billing_period: 'monthly',
  monthly_video_limit: 20,
  video_quality: '720p',
  has_watermark: false,
  book_upload_limit: -1,
  cancel_at_period_end: false,
  current_period_end: '2026-12-24T00:00:00.000Z',
  scheduled_tier: null,
  scheduled_change_at: null,
  provider: 'local',
  portal_available: true,
  ...over,
});
const usage = (used: number, limit: number): Usage => ({
  period: '2026-11',
  current_period_videos: used,
  period_limit: limit,
  remaining_videos: limit < 0 ? -1 : Math.max(0, limit - used),
  can_generate_video: limit < 0 || used < limit,
  period_end: '2026-12-01T00:00:00.000Z',
  tier: 'basic',
  usage: usageBar(used, limit),
});

describe('current plan', () => {
  const plan = (props: Partial<Parameters<typeof CurrentPlan>[0]>) =>
    textOf(
      markup(
        createElement(CurrentPlan, {
          subscription: subscription(),
          subscriptionError: null,
          usage: usage(5, 20),
          usageError: null,
          busy: null,
          onCancel: noop,
          onReactivate: noop,
          onManageBilling: noop,
          onRetry: noop,
          ...props,
        }),
      ),
    );

  it('a paid plan: its name, renewal, usage, Cancel and Manage billing', () => {
    const text = plan({});
    expect(text).toContain('Basic');
    expect(text).toContain('Renews on');
    expect(text).toContain(usageBar(5, 20).label);
    expect(text).toContain('Manage billing');
    expect(text).not.toContain('Reactivate');
  });

  it('a cancelled plan keeps access until the period ends and offers Reactivate; a scheduled downgrade is named', () => {
    const text = plan({
      subscription: subscription({
        cancel_at_period_end: true,
        scheduled_tier: 'free',
        scheduled_change_at: '2026-12-24T00:00:00.000Z',
        portal_available: false,
      }),
    });
    expect(text).toContain('Access until');
    expect(text).toContain('Reactivate');
    expect(text).toContain('Free');
    expect(text).not.toContain('Manage billing');
  });

  it('says when the plan or the usage could not be loaded', () => {
    const failed = plan({ subscription: undefined, subscriptionError: new Error('down') });
    expect(failed).not.toContain('Renews on');
    expect(failed).toContain('Failed to load subscription information Try again');
    const noUsage = plan({ usage: undefined, usageError: new Error('down') });
    expect(noUsage).not.toContain(usageBar(5, 20).label);
  });
});
