import { chapterIdField } from './learning-requests';
import {
  FOCUS_AREAS,
  MAX_DIALOGUE_LINE_LENGTH,
  MAX_DIALOGUE_LINES,
  MAX_SCENE_TEXT_LENGTH,
  MAX_SCENES,
  MAX_SCRIPT_NAME_LENGTH,
  SCRIPT_EXPORT_FORMATS,
  SCRIPT_STATUSES,
  SCRIPT_STYLES,
  TARGET_DURATIONS,
  TIMES_OF_DAY,
  sceneCountOf,
  scriptMessages,
  storyTypeOf,
  type StoryType,
  type TargetDuration,
} from './scripts';
import { z } from './zod';

/** Request bodies of the script routes, shared with the SPA. */

const storyType = z.pipe(
  z.string().check(z.maxLength(60)),
  z.transform((value: string, ctx): StoryType => {
    const type = storyTypeOf(value);
    if (type) return type;
    ctx.issues.push({ code: 'custom', message: scriptMessages.storyTypeInvalid, input: value });
    return z.NEVER;
  }),
);

/** auto, or a number of minutes of the list (numbers written as text are read too). */
const targetDuration = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(10))]),
  z.transform((value: number | string, ctx): TargetDuration => {
    const read = typeof value === 'string' && value.trim().toLowerCase() === 'auto' ? 'auto' : Number(value);
    if ((TARGET_DURATIONS as readonly unknown[]).includes(read)) return read as TargetDuration;
    ctx.issues.push({ code: 'custom', message: scriptMessages.durationInvalid, input: value });
    return z.NEVER;
  }),
);

/** POST /ai/generate-script-and-scenes */
export const generateScriptRequest = z.object({
  chapter_id: chapterIdField,
  script_style: z._default(z.enum(SCRIPT_STYLES, { error: scriptMessages.styleInvalid }), 'cinematic_movie'),
  target_duration: z._default(targetDuration, 'auto'),
  include_character_profiles: z._default(z.boolean(), true),
  /** Anything but a whole number from 3 to 15 means 5 (the spec's rule): never an error. */
  scene_count: z.pipe(z.optional(z.unknown()), z.transform(sceneCountOf)),
  focus_areas: z._default(
    z
      .array(z.enum(FOCUS_AREAS, { error: scriptMessages.focusInvalid }))
      .check(z.maxLength(FOCUS_AREAS.length * 2)),
    [],
  ),
  scriptStoryType: z.optional(storyType),
  script_story_type: z.optional(storyType),
  script_name: z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_SCRIPT_NAME_LENGTH, scriptMessages.nameTooLong)),
  ),
});
export type GenerateScriptRequest = z.input<typeof generateScriptRequest>;
export type GenerateScriptInput = z.output<typeof generateScriptRequest>;

const sceneText = (max = MAX_SCENE_TEXT_LENGTH) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
const textList = (items: number, max: number) =>
  z.optional(z.array(z.string().check(z.trim(), z.maxLength(max))).check(z.maxLength(items)));

export const dialogueLineEdit = z.object({
  character: z
    .string({ error: scriptMessages.dialogueIncomplete })
    .check(z.trim(), z.minLength(1, scriptMessages.dialogueIncomplete), z.maxLength(100)),
  line: z
    .string({ error: scriptMessages.dialogueIncomplete })
    .check(
      z.trim(),
      z.minLength(1, scriptMessages.dialogueIncomplete),
      z.maxLength(MAX_DIALOGUE_LINE_LENGTH),
    ),
  parenthetical: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

/** One scene's changes, named by its number; fields not given stay. `dialogue` replaces the lines. */
export const sceneEdit = z.object({
  scene_number: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_SCENES)),
  location: sceneText(200),
  setting_type: z.optional(z.enum(['INT', 'EXT'])),
  time_of_day: z.optional(z.enum(TIMES_OF_DAY)),
  estimated_duration: z.optional(z.number().check(z.minimum(1), z.maximum(3600))),
  visual_description: sceneText(),
  narration: sceneText(),
  action: textList(200, MAX_SCENE_TEXT_LENGTH),
  key_actions: textList(50, 500),
  audio_requirements: textList(50, 500),
  characters: textList(40, 100),
  dialogue: z.optional(z.array(dialogueLineEdit).check(z.maxLength(MAX_DIALOGUE_LINES))),
});
export type SceneEdit = z.output<typeof sceneEdit>;

/** PUT /ai/script/{id}: name, status (draft, ready, approved, in any direction) and scene edits. */
export const updateScriptRequest = z.object({
  script_name: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, scriptMessages.nameRequired),
        z.maxLength(MAX_SCRIPT_NAME_LENGTH, scriptMessages.nameTooLong),
      ),
  ),
  status: z.optional(z.enum(SCRIPT_STATUSES, { error: scriptMessages.statusInvalid })),
  scenes: z.optional(z.array(sceneEdit).check(z.maxLength(MAX_SCENES))),
});
export type UpdateScriptRequest = z.input<typeof updateScriptRequest>;
export type UpdateScriptInput = z.output<typeof updateScriptRequest>;

/** GET /ai/script/{id}/export */
export const exportScriptQuery = z.object({
  format: z._default(z.enum(SCRIPT_EXPORT_FORMATS, { error: scriptMessages.formatInvalid }), 'fountain'),
});

/** POST /ai/script/{id}/scenes/{scene}/regenerate: another take of one scene, with its own focus if given. */
export const regenerateSceneRequest = z.object({
  focus_areas: z.optional(
    z
      .array(z.enum(FOCUS_AREAS, { error: scriptMessages.focusInvalid }))
      .check(z.maxLength(FOCUS_AREAS.length * 2)),
  ),
});
export type RegenerateSceneInput = z.output<typeof regenerateSceneRequest>;
