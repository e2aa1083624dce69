import type { EditorSettings } from '@contracts/video';
import {
  EXPORT_ASPECT_RATIOS,
  EXPORT_FORMATS,
  EXPORT_FPS,
  EXPORT_PRESETS,
  EXPORT_QUALITIES,
  EXPORT_RESOLUTIONS,
} from '@contracts/video';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';

const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The Settings tab: the export settings and the quick presets (applied to the draft; Save stores them). */
export function SettingsTab({
  settings,
  onChange,
}: {
  settings: EditorSettings;
  onChange: (settings: EditorSettings) => void;
}) {
  const set = <K extends keyof EditorSettings>(key: K, value: EditorSettings[K]) =>
    onChange({ ...settings, [key]: value });
  const setMark = <K extends keyof EditorSettings['watermark']>(
    key: K,
    value: EditorSettings['watermark'][K],
  ) => onChange({ ...settings, watermark: { ...settings.watermark, [key]: value } });
  return (
    <div className="space-y-4">
      <div>
        <p className="mb-2 text-sm font-medium">Quick presets</p>
        <div className="flex flex-wrap gap-2">
          {Object.entries(EXPORT_PRESETS).map(([name, preset]) => (
            <Button
              key={name}
              size="sm"
              variant="secondary"
              title={`${preset.resolution}, ${preset.fps} fps, ${preset.aspectRatio}, ${preset.quality}`}
              onClick={() => onChange({ ...settings, ...preset })}
            >
              {name}
            </Button>
          ))}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label="Resolution"
          value={settings.resolution}
          onChange={(e) => set('resolution', e.target.value as EditorSettings['resolution'])}
        >
          {EXPORT_RESOLUTIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Frame rate (fps)"
          value={String(settings.fps)}
          onChange={(e) => set('fps', Number(e.target.value) as EditorSettings['fps'])}
        >
          {EXPORT_FPS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Aspect ratio"
          value={settings.aspectRatio}
          onChange={(e) => set('aspectRatio', e.target.value as EditorSettings['aspectRatio'])}
        >
          {EXPORT_ASPECT_RATIOS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Output format"
          value={settings.outputFormat}
          onChange={(e) => set('outputFormat', e.target.value as EditorSettings['outputFormat'])}
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Quality"
          value={settings.quality}
          onChange={(e) => set('quality', e.target.value as EditorSettings['quality'])}
        >
          {EXPORT_QUALITIES.map((q) => (
            <option key={q} value={q}>
              {cap(q)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">Watermark</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={settings.watermark.enabled}
            onChange={(e) => setMark('enabled', e.target.checked)}
          />
          Show a watermark
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Watermark text"
            maxLength={100}
            disabled={!settings.watermark.enabled}
            value={settings.watermark.text}
            onChange={(e) => setMark('text', e.target.value)}
          />
          <SelectField
            label="Watermark position"
            disabled={!settings.watermark.enabled}
            value={settings.watermark.position}
            onChange={(e) => setMark('position', e.target.value as EditorSettings['watermark']['position'])}
          >
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {p.split('-').map(cap).join(' ')}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">Subtitles</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={settings.burnSubtitles ?? false}
            onChange={(e) => set('burnSubtitles', e.target.checked)}
          />
          Burn subtitles into the picture
        </label>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Every film carries its subtitles as a track players can switch on. Burned in, they show on every
          player and cannot be turned off.
        </p>
      </fieldset>
    </div>
  );
}
