import type {
  AudioFile,
  AudioJobStatus,
  AudioKind,
  AudioType,
  VoiceInfo,
  VoiceModel,
} from '@contracts/audio';
import {
  AUDIO_DEFAULTS,
  AUDIO_QUALITIES,
  AUDIO_TYPES,
  audioMessages,
  EFFECT_INTENSITIES,
  MUSIC_STYLES,
  VOICE_MODELS,
} from '@contracts/audio';
import type { Chapter } from '@contracts/books';
import { matchCharacter } from '@contracts/images';
import type { Script } from '@contracts/scripts';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { fixedBackoff, useJobList, type JobSchedule } from '@/lib/use-job-status';
import {
  audioJobStatus,
  deleteAudioFile,
  exportAudio,
  reloadChapterAudio,
  startAudio,
  useAudioOfChapter,
  useVoiceCatalogue,
} from '@/features/workspace/api/audio';
import { refreshPlot, updateCharacter, usePlotOverview } from '@/features/workspace/api/plots';
import { useChapterScripts } from '@/features/workspace/api/scripts';
import { useScriptSelection } from '@/features/workspace/api/use-script-selection';
import { ConfirmDialog } from '@/features/workspace/components/confirm-dialog';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';
import { SubTabs } from '@/features/workspace/components/sub-tabs';
import {
  defaultKinds,
  kindsForScene,
  defaultVoiceModel,
  PIXELS_PER_SECOND,
  placeOnTimeline,
  sceneStarts,
  sortAudioFiles,
  timelineTicks,
  zoomIn,
  zoomOut,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
} from '@/features/workspace/model/audio';
import { VoiceOptions } from '@/components/voice/voice-options';
import { voiceLabel } from '../plot/character-card';

const SECTIONS = [...AUDIO_TYPES, 'timeline'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = {
  narration: 'Narration',
  music: 'Music',
  effects: 'Effects',
  ambiance: 'Ambiance',
  timeline: 'Timeline',
};
/** The kinds each section makes. */
const KINDS_OF: Record<AudioType, AudioKind[]> = {
  narration: ['narrator', 'dialogue'],
  music: ['music'],
  effects: ['sound_effect'],
  ambiance: ['background_music'],
};
const KIND_LABELS: Record<AudioKind, string> = {
  narrator: 'Narrator',
  dialogue: 'Dialogue',
  music: 'Music',
  sound_effect: 'Effects',
  background_music: 'Ambiance',
};
const STATUS_TONES = { generating: 'blue', completed: 'green', failed: 'red', pending: 'slate' } as const;
/** Audio jobs are checked every 2 s, for at most 5 minutes. */
const AUDIO_POLL_MS = 2000;
const AUDIO_MAX_POLLS = 150;

interface Settings {
  voice_model: VoiceModel;
  music_style: (typeof MUSIC_STYLES)[number];
  effects_intensity: (typeof EFFECT_INTENSITIES)[number];
  ambiance: string;
  audio_quality: (typeof AUDIO_QUALITIES)[number];
  kinds: Record<AudioKind, boolean>;
}

const settingsFor = (script: Script | null): Settings => ({
  voice_model: defaultVoiceModel(script?.script_style ?? 'cinematic_movie'),
  music_style: AUDIO_DEFAULTS.music_style,
  effects_intensity: AUDIO_DEFAULTS.effects_intensity,
  ambiance: AUDIO_DEFAULTS.ambiance,
  audio_quality: AUDIO_DEFAULTS.audio_quality,
  kinds: defaultKinds(script?.script_style ?? 'cinematic_movie'),
});

/** The Audio tab (Audio Production panel) of the selected chapter and script. */
export function AudioTab({ bookId, chapter }: { bookId: string; chapter: Chapter | null }) {
  if (!chapter) return <SelectChapterPrompt tab="audio" />;
  return <ChapterAudio key={chapter.id} bookId={bookId} chapterId={chapter.id} />;
}

/** An audio job: checked every 2 s until it completes or fails, for at most 5 minutes. */
const AUDIO_SCHEDULE: JobSchedule<AudioJobStatus> = {
  delay: (status) =>
    status && (status.status === 'completed' || status.status === 'failed') ? null : AUDIO_POLL_MS,
  maxChecks: AUDIO_MAX_POLLS,
  // A failed check is a passing failure: the next one may answer.
  retries: AUDIO_MAX_POLLS,
  backoff: fixedBackoff(AUDIO_POLL_MS),
};

/** Follows audio jobs (generations and exports) to their end (null: no end within the checks). */
function useAudioJobs(chapterId: string) {
  const check = useCallback((jobId: string) => audioJobStatus(chapterId, jobId), [chapterId]);
  const jobs = useJobList(check, AUDIO_SCHEDULE);
  const add = jobs.follow;
  const follow = useCallback(
    (jobId: string, onEnd: (status: AudioJobStatus | null) => void) =>
      add(jobId, { onEnd, onTimeout: () => onEnd(null), onLost: () => onEnd(null) }),
    [add],
  );
  return { follow, running: jobs.following, watchers: jobs.watchers };
}

function ChapterAudio({ bookId, chapterId }: { bookId: string; chapterId: string }) {
  const [selection] = useScriptSelection();
  const { data: scripts } = useChapterScripts(chapterId);
  const script = scripts?.find((s) => s.id === selection.scriptId) ?? null;
  const { data: files, error } = useAudioOfChapter(chapterId, script?.id ?? null);
  const { data: plot } = usePlotOverview(bookId);
  const { data: voices } = useVoiceCatalogue();
  const { follow, running, watchers } = useAudioJobs(chapterId);
  const [section, setSection] = useState<Section>('narration');
  // The defaults follow the selected script's style; what the user changed stays.
  const [changed, setChanged] = useState<Partial<Settings>>({});
  const settings: Settings = { ...settingsFor(script), ...changed };
  const change = (patch: Partial<Settings>) => setChanged((current) => ({ ...current, ...patch }));
  const [showSettings, setShowSettings] = useState(false);
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const [confirmExport, setConfirmExport] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [mix, setMix] = useState<{ url: string; name: string } | null>(null);
  const [volume, setVolume] = useState<number>(AUDIO_DEFAULTS.player_volume);
  const player = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (error) toast.error(audioMessages.loadFailed);
  }, [error]);
  useEffect(() => {
    if (player.current) player.current.volume = volume / 100;
  }, [volume, mix]);
  // Files still being made when the tab opens are followed too.
  useEffect(() => {
    for (const file of files ?? [])
      if (file.status === 'generating' && file.job_id)
        follow(file.job_id, () => void reloadChapterAudio(chapterId));
  }, [files, follow, chapterId]);

  const scenes = script?.scenes ?? [];
  const list = sortAudioFiles(files ?? []);
  const completed = list.filter((f) => f.status === 'completed');

  const generate = async (kind: AudioKind, scene: number) => {
    if (!script) return void toast.error(audioMessages.noScenes);
    try {
      const started = await startAudio(chapterId, kind, scene, {
        script_id: script.id,
        voice_model: settings.voice_model,
        music_style: settings.music_style,
        effects_intensity: settings.effects_intensity,
        ambiance: settings.ambiance,
        audio_quality: settings.audio_quality,
      });
      await reloadChapterAudio(chapterId);
      follow(started.job_id, (status) => {
        if (!status) toast.error(audioMessages.generateTimedOut);
        else if (status.status === 'failed') toast.error(status.error || audioMessages.generateFailed);
        void reloadChapterAudio(chapterId);
      });
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : audioMessages.notQueued);
    }
  };

  const generateAll = () => {
    if (!scenes.length) return void toast.error(audioMessages.noScenes);
    // Each scene gets only what it can speak: no dialogue asked of a scene without lines.
    for (const scene of scenes)
      for (const kind of kindsForScene(scene, settings.kinds)) void generate(kind, scene.scene_number);
  };

  const remove = async (file: AudioFile) => {
    try {
      await deleteAudioFile(chapterId, file.id);
    } catch {
      toast.error('Failed to delete audio');
    }
    await reloadChapterAudio(chapterId);
  };

  const runExport = async () => {
    setConfirmExport(false);
    setExporting(true);
    try {
      const started = await exportAudio(chapterId, { audio_assets: completed.map((f) => f.id) });
      follow(started.job_id, (status) => {
        setExporting(false);
        if (status?.status === 'completed' && status.url) {
          setMix({ url: status.url, name: 'Chapter mix' });
          toast.success('Audio mix exported');
        } else toast.error(status?.error || audioMessages.exportFailed);
      });
    } catch (failure) {
      setExporting(false);
      toast.error(failure instanceof Error ? failure.message : audioMessages.exportFailed);
    }
  };

  if (!script)
    return (
      <EmptyState title={audioMessages.noScenes}>
        Generate a script in the Script tab: its scenes are what the audio is made for.
      </EmptyState>
    );

  const { starts, total } = sceneStarts(scenes);
  const pxPerSecond = (PIXELS_PER_SECOND * zoom) / 100;

  return (
    <Card className="space-y-4 p-6">
      {watchers}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Audio Production</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">For {script.script_name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={showSettings}
            onClick={() => setShowSettings((v) => !v)}
          >
            Settings
          </Button>
          <Button size="sm" variant="secondary" onClick={generateAll}>
            Generate All Audio
          </Button>
          <Button
            size="sm"
            busy={exporting}
            onClick={() => (completed.length ? setConfirmExport(true) : toast.error(audioMessages.noScenes))}
          >
            Export Mix
          </Button>
        </div>
      </div>

      {showSettings && (
        <div className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800">
          <SelectField
            label="Voice model"
            value={settings.voice_model}
            onChange={(e) => change({ voice_model: e.target.value as VoiceModel })}
          >
            {VOICE_MODELS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Music style"
            value={settings.music_style}
            onChange={(e) => change({ music_style: e.target.value as Settings['music_style'] })}
          >
            {MUSIC_STYLES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Effects intensity"
            value={settings.effects_intensity}
            onChange={(e) => change({ effects_intensity: e.target.value as Settings['effects_intensity'] })}
          >
            {EFFECT_INTENSITIES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Ambiance"
            value={settings.ambiance}
            onChange={(e) => change({ ambiance: e.target.value })}
          />
          <SelectField
            label="Audio quality"
            value={settings.audio_quality}
            onChange={(e) => change({ audio_quality: e.target.value as Settings['audio_quality'] })}
          >
            {AUDIO_QUALITIES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <fieldset className="sm:col-span-2 lg:col-span-3">
            <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
              Generate All makes
            </legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {(Object.keys(KIND_LABELS) as AudioKind[]).map((kind) => (
                <label key={kind} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={settings.kinds[kind]}
                    onChange={(e) => change({ kinds: { ...settings.kinds, [kind]: e.target.checked } })}
                  />
                  {KIND_LABELS[kind]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}

      <SubTabs
        label="Audio sections"
        tabs={SECTIONS}
        labels={SECTION_LABELS}
        active={section}
        onChange={setSection}
      >
        {section === 'timeline' ? (
          <div
            aria-disabled={selection.switching}
            className={selection.switching ? 'pointer-events-none opacity-50' : ''}
          >
            <div className="mb-2 flex items-center gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={zoom <= ZOOM_MIN}
                onClick={() => setZoom(zoomOut)}
              >
                Zoom out
              </Button>
              <span className="w-14 text-center text-sm" aria-live="polite">
                {zoom}%
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={zoom >= ZOOM_MAX}
                onClick={() => setZoom(zoomIn)}
              >
                Zoom in
              </Button>
            </div>
            <div
              className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
              tabIndex={0}
              aria-label="Timeline"
            >
              <div style={{ width: Math.max(total, 10) * pxPerSecond + 80 }} className="relative">
                <div
                  className="relative ml-20 h-6 border-b border-slate-200 dark:border-slate-800"
                  data-testid="timeline-ruler"
                >
                  {timelineTicks(total).map((t) => (
                    <span
                      key={t}
                      className="absolute top-0 h-full border-l border-slate-300 pl-1 text-[10px] text-slate-600 dark:border-slate-600 dark:text-slate-400"
                      style={{ left: t * pxPerSecond }}
                    >
                      {t}s
                    </span>
                  ))}
                </div>
                {AUDIO_TYPES.map((type) => (
                  <div
                    key={type}
                    className="relative flex h-8 items-center border-b border-slate-100 dark:border-slate-800"
                  >
                    <span className="w-20 shrink-0 px-2 text-xs font-medium">{SECTION_LABELS[type]}</span>
                    <div className="relative h-full flex-1">
                      {list
                        .filter((f) => f.type === type && f.status === 'completed')
                        .map((f) => {
                          const at = placeOnTimeline(f, starts);
                          return (
                            <span
                              key={f.id}
                              title={f.name}
                              className="absolute top-1 h-6 overflow-hidden truncate rounded bg-brand-100 px-1 text-[10px] leading-6 text-brand-700 dark:bg-brand-600/30 dark:text-brand-100"
                              style={{
                                left: at.start * pxPerSecond,
                                width: Math.max(4, at.length * pxPerSecond),
                              }}
                            >
                              {f.name}
                            </span>
                          );
                        })}
                    </div>
                  </div>
                ))}
              </div>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            {section === 'narration' && (
              <CharacterVoices script={script} characters={plot?.characters ?? []} voices={voices ?? []} />
            )}
            <ul className="space-y-2" aria-label={`${SECTION_LABELS[section]} by scene`}>
              {scenes.map((scene) => (
                <li
                  key={scene.scene_number}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
                >
                  <span className="text-sm">
                    Scene {scene.scene_number}: {scene.heading}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {KINDS_OF[section].map((kind) => (
                      <Button
                        key={kind}
                        size="sm"
                        variant="secondary"
                        aria-label={`Generate ${KIND_LABELS[kind].toLowerCase()} for scene ${scene.scene_number}`}
                        onClick={() => void generate(kind, scene.scene_number)}
                      >
                        Generate {KIND_LABELS[kind].toLowerCase()}
                      </Button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
            <FileList
              files={list.filter((f) => f.type === section)}
              running={running}
              onDelete={(f) => void remove(f)}
            />
          </div>
        )}
      </SubTabs>

      <div
        className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950"
        aria-label="Player"
        role="region"
      >
        {mix ? (
          <>
            <span className="text-sm font-medium">{mix.name}</span>
            <audio ref={player} src={mix.url} controls aria-label="Exported mix" className="min-w-0 flex-1" />
            <a
              href={mix.url}
              download
              className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              Download
            </a>
          </>
        ) : (
          <span className="flex-1 text-sm text-slate-600 dark:text-slate-400">
            {exporting ? <Spinner label="Exporting the mix…" /> : 'Export the mix to play it here.'}
          </span>
        )}
        <label className="inline-flex items-center gap-2 text-sm">
          Volume
          <input
            type="range"
            min={0}
            max={100}
            value={volume}
            onChange={(e) => setVolume(Number(e.target.value))}
            aria-valuetext={`${volume}%`}
          />
          <span className="w-10 text-right">{volume}%</span>
        </label>
      </div>

      <ConfirmDialog
        open={confirmExport}
        title="Export the chapter's audio"
        confirmLabel="Export"
        onClose={() => setConfirmExport(false)}
        onConfirm={() => void runExport()}
      >
        Mix the {completed.length} completed audio {completed.length === 1 ? 'file' : 'files'} of this chapter
        into one track?
      </ConfirmDialog>
    </Card>
  );
}

function FileList({
  files,
  running,
  onDelete,
}: {
  files: AudioFile[];
  running: ReadonlySet<string>;
  onDelete: (file: AudioFile) => void;
}) {
  if (!files.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No audio files yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Audio files">
      {files.map((f) => (
        <li
          key={f.id}
          aria-label={f.name}
          className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{f.name}</span>
              <Badge tone={STATUS_TONES[f.status]}>{f.status}</Badge>
              {f.character && <span className="text-slate-600 dark:text-slate-400">{f.character}</span>}
              {f.status === 'generating' && running.has(f.job_id) && <Spinner className="h-4 w-4" />}
            </span>
            <Button size="sm" variant="ghost" onClick={() => onDelete(f)} aria-label={`Delete ${f.name}`}>
              Delete
            </Button>
          </div>
          {f.status === 'completed' && (f.url ?? f.audio_url) && (
            <audio
              controls
              src={f.url ?? f.audio_url ?? undefined}
              className="mt-2 w-full"
              aria-label={f.name}
            />
          )}
          {f.status === 'failed' && f.error && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-300">{f.error}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A voice per character, kept across scenes and chapters: chosen here from the catalogue. */
function CharacterVoices({
  script,
  characters,
  voices,
}: {
  script: Script;
  characters: { id: string; name: string; voice: string; book_id: string }[];
  voices: VoiceInfo[];
}) {
  const cast = script.characters
    .map((name) => matchCharacter(name, characters))
    .filter(
      (c, i, all): c is NonNullable<typeof c> => Boolean(c) && all.findIndex((x) => x?.id === c!.id) === i,
    );
  if (!cast.length || !voices.length) return null;
  const choose = async (id: string, voice: string, bookId: string) => {
    try {
      await updateCharacter(id, { voice });
      toast.success('Character updated successfully');
      await refreshPlot(bookId);
    } catch {
      toast.error('Failed to update character');
    }
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {cast.map((c) => (
        <SelectField
          key={c.id}
          label={`Voice of ${c.name}`}
          value={c.voice}
          onChange={(e) => void choose(c.id, e.target.value, c.book_id)}
        >
          {!voices.some((v) => v.id === c.voice) && <option value={c.voice}>{voiceLabel(c.voice)}</option>}
          <VoiceOptions voices={voices} />
        </SelectField>
      ))}
    </div>
  );
}
