import {
  DEFAULT_SCENES,
  DEFAULT_SCRIPT_STYLE,
  DEFAULT_STORY_TYPE,
  FOCUS_AREAS,
  MAX_SCENES,
  MIN_SCENES,
  SCRIPT_STYLES,
  sceneCountOf,
  STORY_TYPES,
  TARGET_DURATIONS,
  type FocusArea,
  type ScriptStyle,
  type StoryType,
  type TargetDuration,
} from '@contracts/scripts';
import { generateScriptRequest, type GenerateScriptRequest } from '@contracts/script-requests';
import { firstError } from '@contracts/validation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { durationLabel, SCRIPT_STYLE_LABELS, STORY_TYPE_LABELS } from '@/features/workspace/model/labels';

/**
 * The script generation form with the product's options and defaults: Character Dialogue, auto
 * duration, 5 scenes (3–15; anything else means 5), no focus areas, the hero's journey, character
 * profiles included. Checked with the API's request schema before sending.
 */
export function ScriptForm({
  chapterId,
  busy,
  onGenerate,
}: {
  chapterId: string;
  busy: boolean;
  onGenerate: (request: GenerateScriptRequest) => void;
}) {
  const [style, setStyle] = useState<ScriptStyle>(DEFAULT_SCRIPT_STYLE);
  const [duration, setDuration] = useState<TargetDuration>('auto');
  const [sceneCount, setSceneCount] = useState(String(DEFAULT_SCENES));
  const [focus, setFocus] = useState<FocusArea[]>([]);
  const [storyType, setStoryType] = useState<StoryType>(DEFAULT_STORY_TYPE);
  const [profiles, setProfiles] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const request: GenerateScriptRequest = {
      chapter_id: chapterId,
      script_style: style,
      target_duration: duration,
      scene_count: sceneCountOf(sceneCount),
      focus_areas: focus,
      scriptStoryType: storyType,
      include_character_profiles: profiles,
    };
    const problem = firstError(generateScriptRequest, request);
    if (problem) return setError(problem);
    setError(null);
    // An out-of-range count is sent as the default, and the field shows what was used.
    setSceneCount(String(request.scene_count));
    onGenerate(request);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Script style"
          value={style}
          onChange={(e) => setStyle(e.target.value as ScriptStyle)}
        >
          {SCRIPT_STYLES.map((s) => (
            <option key={s} value={s}>
              {SCRIPT_STYLE_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Target duration"
          value={String(duration)}
          onChange={(e) =>
            setDuration(e.target.value === 'auto' ? 'auto' : (Number(e.target.value) as TargetDuration))
          }
        >
          {TARGET_DURATIONS.map((d) => (
            <option key={d} value={String(d)}>
              {durationLabel(d)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Scene count"
          type="number"
          min={MIN_SCENES}
          max={MAX_SCENES}
          hint={`${MIN_SCENES}–${MAX_SCENES}; other values use ${DEFAULT_SCENES}`}
          value={sceneCount}
          onChange={(e) => setSceneCount(e.target.value)}
        />
        <SelectField
          label="Story type"
          value={storyType}
          onChange={(e) => setStoryType(e.target.value as StoryType)}
        >
          {STORY_TYPES.map((t) => (
            <option key={t} value={t}>
              {STORY_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Focus areas</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {FOCUS_AREAS.map((area) => (
            <label key={area} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={focus.includes(area)}
                onChange={(e) =>
                  setFocus((current) =>
                    e.target.checked ? [...current, area] : current.filter((a) => a !== area),
                  )
                }
              />
              {area}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" checked={profiles} onChange={(e) => setProfiles(e.target.checked)} />
        Include character profiles
      </label>
      <FormError message={error} />
      <div>
        <Button type="submit" busy={busy}>
          {busy ? 'Generating script…' : 'Generate Script'}
        </Button>
      </div>
    </form>
  );
}
