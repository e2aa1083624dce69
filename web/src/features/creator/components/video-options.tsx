import { CREATOR_ASPECT_RATIOS, CREATOR_MUSIC, type CreatorVideoRequest } from '@contracts/creator';
import { SelectField } from '@/components/ui/field';
import { useNarrators } from '../api/creations';

/** A short film's choices besides its prompt: the frame, the narrator and the score. */
export type VideoChoices = Omit<CreatorVideoRequest, 'prompt'>;

export const DEFAULT_VIDEO_CHOICES: VideoChoices = { aspect_ratio: '16:9', music: 'on' };

const FRAME_NAMES: Record<VideoChoices['aspect_ratio'], string> = {
  '16:9': '16:9 landscape',
  '9:16': '9:16 portrait (phones)',
  '1:1': '1:1 square',
};

const musicName = (music: VideoChoices['music']) =>
  music === 'on'
    ? 'On, following each scene’s mood'
    : music === 'off'
      ? 'Off'
      : `${music[0]!.toUpperCase()}${music.slice(1)} throughout`;

export function VideoOptions({
  value,
  onChange,
}: {
  value: VideoChoices;
  onChange: (next: VideoChoices) => void;
}) {
  const { data: voices } = useNarrators(true);
  const narrators = (voices ?? []).filter((v) => v.role === 'narrator');
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
      <SelectField
        label="Aspect ratio"
        value={value.aspect_ratio}
        onChange={(e) => onChange({ ...value, aspect_ratio: e.target.value as VideoChoices['aspect_ratio'] })}
      >
        {CREATOR_ASPECT_RATIOS.map((ratio) => (
          <option key={ratio} value={ratio}>
            {FRAME_NAMES[ratio]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Narrator"
        value={value.voice ?? ''}
        onChange={(e) => onChange({ ...value, voice: e.target.value || undefined })}
      >
        <option value="">Default narrator</option>
        {narrators.map((voice) => (
          <option key={voice.id} value={voice.id}>
            {voice.name} ({voice.language})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Music"
        value={value.music}
        onChange={(e) => onChange({ ...value, music: e.target.value as VideoChoices['music'] })}
      >
        {CREATOR_MUSIC.map((music) => (
          <option key={music} value={music}>
            {musicName(music)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
