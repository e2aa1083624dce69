import {
  AUDIO_BITRATES_KBPS,
  AUDIO_CODECS,
  MERGE_LIMITS,
  OUTPUT_FORMATS,
  PRESETS,
  QUALITY_TIER_LABELS,
  QUALITY_TIERS,
  VIDEO_CODECS,
  WATERMARK_POSITIONS,
} from '@contracts/merge';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import {
  activePreset,
  applyPreset,
  compatibilityProblem,
  fieldErrors,
  isCustom,
  playbackNote,
  PRESET_NAMES,
  withFormatCodecs,
  type MergeForm,
} from '../model/settings';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The merge's parameters: quick presets, quality tier, output format, the FFmpeg options (shown
 * only for the Custom tier), the watermark and the name. A format that cannot hold the codecs is
 * explained here before anything is sent.
 */
export function MergeSettings({
  form,
  disabled,
  onChange,
}: {
  form: MergeForm;
  disabled: boolean;
  onChange: (form: MergeForm) => void;
}) {
  const set = <K extends keyof MergeForm>(key: K, value: MergeForm[K]) => onChange({ ...form, [key]: value });
  const errors = fieldErrors(form);
  const problem = compatibilityProblem(form);
  const note = playbackNote(form);
  const active = activePreset(form);
  return (
    <fieldset disabled={disabled} className="space-y-4">
      <legend className="sr-only">Merge parameters</legend>
      <div>
        <p className="mb-2 text-sm font-medium">Quick presets</p>
        <div className="flex flex-wrap gap-2">
          {PRESET_NAMES.map((name) => (
            <Button
              key={name}
              size="sm"
              variant={active === name ? 'primary' : 'secondary'}
              aria-pressed={active === name}
              onClick={() => onChange(applyPreset(form, name))}
            >
              {name}
            </Button>
          ))}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Quality tier"
          value={form.quality_tier}
          onChange={(e) => set('quality_tier', e.target.value as MergeForm['quality_tier'])}
        >
          {QUALITY_TIERS.map((t) => (
            <option key={t} value={t}>
              {QUALITY_TIER_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Output format"
          value={form.output_format}
          onChange={(e) => set('output_format', e.target.value as MergeForm['output_format'])}
        >
          {OUTPUT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </SelectField>
        <TextField
          className="sm:col-span-2"
          label="Merge name (optional)"
          maxLength={MERGE_LIMITS.mergeNameMaxLength}
          placeholder="Merge_ and the time"
          value={form.merge_name}
          error={errors.merge_name}
          onChange={(e) => set('merge_name', e.target.value)}
        />
      </div>
      {isCustom(form) && (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium">FFmpeg options</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Video codec"
              value={form.video_codec}
              onChange={(e) => set('video_codec', e.target.value as MergeForm['video_codec'])}
            >
              {VIDEO_CODECS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Audio codec"
              value={form.audio_codec}
              onChange={(e) => set('audio_codec', e.target.value as MergeForm['audio_codec'])}
            >
              {AUDIO_CODECS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Resolution"
              placeholder="1280x720 or 720p"
              hint="Empty keeps the inputs' size"
              value={form.resolution}
              error={errors.resolution}
              onChange={(e) => set('resolution', e.target.value)}
            />
            <TextField
              label="Frame rate (fps)"
              type="number"
              min={MERGE_LIMITS.fps.min}
              max={MERGE_LIMITS.fps.max}
              value={form.fps}
              error={errors.fps}
              onChange={(e) => set('fps', e.target.value)}
            />
            <SelectField
              label="Encoder preset"
              value={form.preset}
              onChange={(e) => set('preset', e.target.value as MergeForm['preset'])}
            >
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
            <TextField
              label="CRF (0 best – 51 smallest)"
              type="number"
              min={MERGE_LIMITS.crf.min}
              max={MERGE_LIMITS.crf.max}
              value={form.crf}
              error={errors.crf}
              onChange={(e) => set('crf', e.target.value)}
            />
            <TextField
              label="Video bitrate (kb/s)"
              type="number"
              min={MERGE_LIMITS.videoBitrateKbps.min}
              max={MERGE_LIMITS.videoBitrateKbps.max}
              placeholder="CRF decides"
              hint="Replaces the CRF when given"
              value={form.video_bitrate}
              error={errors.video_bitrate}
              onChange={(e) => set('video_bitrate', e.target.value)}
            />
            <SelectField
              label="Audio bitrate"
              value={form.audio_bitrate}
              onChange={(e) => set('audio_bitrate', e.target.value as MergeForm['audio_bitrate'])}
            >
              <option value="">Codec default</option>
              {AUDIO_BITRATES_KBPS.map((b) => (
                <option key={b} value={b}>
                  {b} kb/s
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>
      )}
      {problem && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          <p role="alert" className="flex-1">
            {problem}
          </p>
          <Button size="sm" variant="secondary" onClick={() => onChange(withFormatCodecs(form))}>
            Use {form.output_format.toUpperCase()}&apos;s codecs
          </Button>
        </div>
      )}
      {note && <p className="text-xs text-slate-600 dark:text-slate-400">{note}</p>}
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">Watermark</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.watermark}
            onChange={(e) => set('watermark', e.target.checked)}
          />
          Add a text watermark
        </label>
        {form.watermark && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Watermark text"
              maxLength={MERGE_LIMITS.watermarkMaxLength}
              value={form.watermark_text}
              error={errors.watermark_text}
              onChange={(e) => set('watermark_text', e.target.value)}
            />
            <SelectField
              label="Watermark corner"
              value={form.watermark_position}
              onChange={(e) => set('watermark_position', e.target.value as MergeForm['watermark_position'])}
            >
              {WATERMARK_POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {p.split('-').map(cap).join(' ')}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </fieldset>
    </fieldset>
  );
}
