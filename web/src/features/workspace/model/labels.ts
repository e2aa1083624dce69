/** How the workspace names the API's values. */
import type { CharacterRole, StoryType } from '@contracts/plots';
import type { ScriptStatus, ScriptStyle, TargetDuration } from '@contracts/scripts';

export const STORY_TYPE_LABELS: Record<StoryType, string> = {
  hero_journey: "Hero's Journey",
  three_act: 'Three-Act Structure',
  save_the_cat: 'Save the Cat',
  story_circle: 'Story Circle',
  seven_point: 'Seven-Point Structure',
  freytag: "Freytag's Pyramid",
};

export const storyTypeLabel = (value: string | null | undefined) =>
  value ? (STORY_TYPE_LABELS[value as StoryType] ?? value) : '—';

export const ROLE_LABELS: Record<CharacterRole, string> = {
  protagonist: 'Protagonist',
  antagonist: 'Antagonist',
  supporting: 'Supporting',
  mentor: 'Mentor',
  sidekick: 'Sidekick',
  '': 'No role',
};

export const SCRIPT_STYLE_LABELS: Record<ScriptStyle, string> = {
  cinematic_movie: 'Character Dialogue',
  cinematic_narration: 'Voice-over Narration',
};

export const durationLabel = (value: TargetDuration) => (value === 'auto' ? 'Auto' : `${value} minutes`);

export const SCRIPT_STATUS_LABELS: Record<ScriptStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  approved: 'Approved',
};

/** Draft yellow, ready blue, approved green. */
export const SCRIPT_STATUS_TONES = {
  draft: 'yellow',
  ready: 'blue',
  approved: 'green',
} as const satisfies Record<ScriptStatus, string>;

/** 75 → "1 min 15 s". */
export function secondsLabel(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (!minutes) return `${rest} s`;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
