import type { Chapter } from '@contracts/books';
import type { EditorSettings, ProductionScene, VideoGeneration } from '@contracts/video';
import { EDITOR_DEFAULTS, videoMessages } from '@contracts/video';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useAudioOfChapter } from '@/features/workspace/api/audio';
import { useImagesOfChapter } from '@/features/workspace/api/images';
import { useChapterScripts } from '@/features/workspace/api/scripts';
import { useScriptSelection } from '@/features/workspace/api/use-script-selection';
import { useVideoGeneration } from '@/features/workspace/api/use-video-generation';
import {
  initializePipeline,
  saveVideoProduction,
  useChapterVideoGenerations,
  useVideoProduction,
} from '@/features/workspace/api/video';
import {
  addScriptScene,
  autoArrange,
  hasFinalVideo,
  latestFinished,
  missingScriptScenes,
  otherScriptNotice,
  otherScriptOfProduction,
  renderState,
  sameTimeline,
  scenesNotInScript,
  setSceneTransition,
  shortId,
  timelineForSave,
} from '@/features/workspace/model/video';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';
import { SubTabs } from '@/features/workspace/components/sub-tabs';
import { GenerationHistory } from './generation-history';
import { PreviewTab } from './preview-tab';
import { RenderProgress } from './render-progress';
import { RenderedVideoCard } from './rendered-video-card';
import { SettingsTab } from './settings-tab';
import { TimelinePlaceholder, TimelineTab } from './timeline-tab';
import { VideoModal } from './video-modal';

const STUDIO_TABS = ['timeline', 'preview', 'settings', 'merge'] as const;
type StudioTab = (typeof STUDIO_TABS)[number];
const STUDIO_TAB_LABELS: Record<StudioTab, string> = {
  timeline: 'Timeline',
  preview: 'Preview',
  settings: 'Settings',
  merge: 'Merge',
};

/** A video the Merge tab offers as an input (the chapter's generated video). */
export interface MergeOffer {
  name: string;
  /** What the merge names: the generation's id. */
  url: string;
  duration: number | null;
  size: number | null;
  origin: string;
}

/**
 * The Merge tab's content, given by the page that composes the workspace (the merge studio is a
 * feature of its own): the chapter's generated video is offered as an input.
 */
export type MergeStudioSlot = (props: {
  offered: MergeOffer[];
  videoGenerationId: string | null;
}) => React.ReactNode;

/** The Video tab (Video Production Studio) of the selected chapter. */
export function VideoTab({
  chapter,
  mergeStudio,
}: {
  chapter: Chapter | null;
  mergeStudio?: MergeStudioSlot;
}) {
  if (!chapter) return <SelectChapterPrompt tab="video" />;
  return <Studio key={chapter.id} chapter={chapter} mergeStudio={mergeStudio} />;
}

/** The script picker and, for the selected script, its production. */
function Studio({ chapter, mergeStudio }: { chapter: Chapter; mergeStudio?: MergeStudioSlot }) {
  const [selection, store] = useScriptSelection();
  const { data: scripts } = useChapterScripts(chapter.id);
  const scriptId =
    selection.scriptId && scripts?.some((s) => s.id === selection.scriptId) ? selection.scriptId : null;
  const picker = (
    <SelectField
      label="Script"
      className="w-56"
      value={scriptId ?? ''}
      disabled={!scripts?.length}
      onChange={(e) => store.selectScript(e.target.value || null)}
    >
      {!scriptId && <option value="">No script selected</option>}
      {scripts?.map((s) => (
        <option key={s.id} value={s.id}>
          {s.script_name}
        </option>
      ))}
    </SelectField>
  );
  if (!scriptId) {
    return (
      <div className="space-y-4">
        <Card className="flex flex-wrap items-end gap-3 p-4">
          <h2 className="mr-auto self-center text-lg font-semibold">Video Production Studio</h2>
          {picker}
        </Card>
        <EmptyState title={videoMessages.selectScript} />
        <TimelinePlaceholder />
      </div>
    );
  }
  return (
    <ScriptStudio
      key={scriptId}
      chapter={chapter}
      scriptId={scriptId}
      switching={selection.switching}
      picker={picker}
      mergeStudio={mergeStudio}
    />
  );
}

function ScriptStudio({
  chapter,
  scriptId,
  switching,
  picker,
  mergeStudio,
}: {
  chapter: Chapter;
  scriptId: string;
  switching: boolean;
  picker: React.ReactNode;
  mergeStudio?: MergeStudioSlot;
}) {
  const chapterId = chapter.id;
  const { data: production, error: productionError, isLoading, mutate } = useVideoProduction(chapterId);
  const { data: images } = useImagesOfChapter(chapterId, scriptId);
  const { data: generations } = useChapterVideoGenerations(chapterId);
  const { data: audio } = useAudioOfChapter(chapterId, scriptId);
  const script = useChapterScripts(chapterId).data?.find((s) => s.id === scriptId);
  const gen = useVideoGeneration(chapterId, scriptId);
  const [tab, setTab] = useState<StudioTab>('timeline');
  // Once opened, the Merge tab stays mounted (hidden) so its uploads and merge go on in other tabs.
  const [mergeOpened, setMergeOpened] = useState(false);
  const openTab = (next: StudioTab) => {
    if (next === 'merge') setMergeOpened(true);
    setTab(next);
  };
  const [draftScenes, setDraftScenes] = useState<ProductionScene[] | null>(null);
  const [draftSettings, setDraftSettings] = useState<EditorSettings | null>(null);
  const [selectedScene, setSelectedScene] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [initializing, setInitializing] = useState(false);
  const [modal, setModal] = useState<VideoGeneration | null>(null);

  const ours = production && (production.script_id === scriptId || production.script_id === null);
  // The production is one per chapter: a timeline of another script is named, not mixed in.
  const otherScript = otherScriptOfProduction(production, scriptId);
  const savedScenes = ours ? production.scenes : [];
  const savedSettings = production?.editorSettings ?? EDITOR_DEFAULTS;
  const scenes = draftScenes ?? savedScenes;
  const settings = draftSettings ?? savedSettings;
  const dirty =
    (draftScenes !== null && !sameTimeline(draftScenes, savedScenes)) ||
    (draftSettings !== null && JSON.stringify(draftSettings) !== JSON.stringify(savedSettings));
  const hasImages = (images ?? []).some(
    (i) => i.image_type === 'scene' && i.status === 'completed' && i.image_url,
  );

  const state = renderState(gen.generation, gen.starting, gen.gaveUp);
  const generating = state === 'rendering' || state === 'processing';
  const current = gen.generation;
  const finished = current && hasFinalVideo(current) ? current : latestFinished(generations);
  const loading = isLoading && !production;
  const finishedId = finished ? (finished.video_generation_id ?? finished.id) : null;
  const mergeOffers: MergeOffer[] =
    finished && finishedId
      ? [
          {
            name: `${chapter.title}: generated video`,
            url: finishedId,
            duration: finished.final_video?.duration ?? null,
            size: finished.final_video?.file_size_bytes ?? null,
            origin: 'Chapter video',
          },
        ]
      : [];

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      await saveVideoProduction(chapterId, {
        script_id: scriptId,
        scenes: timelineForSave(scenes, script?.scenes),
        editorSettings: settings,
      });
      setDraftScenes(null);
      setDraftSettings(null);
      toast.success(videoMessages.saved);
      return true;
    } catch {
      toast.error(videoMessages.saveFailed);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const render = async () => {
    // The render films the saved timeline: unsaved edits are saved first.
    if (dirty && !(await save())) return;
    await gen.render();
  };

  const initialize = async () => {
    if (!hasImages) return void toast.error(videoMessages.noImages);
    setInitializing(true);
    try {
      await initializePipeline(chapterId, scriptId);
      setDraftScenes(null);
    } catch (error) {
      toast.error(errorText(error, videoMessages.noImages));
    } finally {
      setInitializing(false);
    }
  };

  const missing = missingScriptScenes(scenes, script?.scenes ?? []);
  const add = (sceneNumber: number) => {
    const scene = missing.find((s) => s.scene_number === sceneNumber);
    if (!scene) return;
    const picture = (images ?? [])
      .filter(
        (i) =>
          i.image_type === 'scene' &&
          i.status === 'completed' &&
          i.image_url &&
          i.metadata?.scene_number === sceneNumber,
      )
      .sort((a, b) => (a.script_id === scriptId ? -1 : 0) - (b.script_id === scriptId ? -1 : 0))[0];
    const files = (audio ?? [])
      .filter((f) => f.scene_number === sceneNumber && f.status === 'completed')
      .map((f) => ({ id: f.id, url: f.url, name: f.name, duration: f.duration ?? 0 }));
    const next = addScriptScene(scenes, scene, { imageUrl: picture?.image_url ?? null, audioFiles: files });
    if (!next) return void toast.error('A production can hold at most 60 scenes.');
    setDraftScenes(next);
  };

  const header = (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      <div className="mr-auto self-center">
        <h2 className="text-lg font-semibold">Video Production Studio</h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Script <span className="font-mono">{shortId(scriptId)}</span>
          {switching && <span className="ml-2 text-brand-700 dark:text-brand-100">Switching script...</span>}
          {dirty && <span className="ml-2">· Unsaved changes</span>}
        </p>
      </div>
      {picker}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={saving}
          disabled={switching || loading || (otherScript !== null && scenes.length === 0)}
          onClick={() => void save()}
        >
          Save
        </Button>
        <Button
          variant="secondary"
          disabled={switching || loading || generating || scenes.length === 0}
          onClick={() => void render()}
        >
          Render Video
        </Button>
        <Button disabled={switching || loading || generating} onClick={() => void gen.start()}>
          {generating ? 'Generating Video...' : 'Generate Video'}
        </Button>
      </div>
    </Card>
  );

  let body: React.ReactNode;
  if (loading) body = <Spinner label="Loading the video production…" />;
  else if (productionError && !production)
    body = (
      <EmptyState
        title="Failed to load the video production"
        action={
          <Button variant="secondary" onClick={() => void mutate()}>
            Try again
          </Button>
        }
      />
    );
  else if (scenes.length === 0)
    body = (
      <EmptyState
        title={hasImages ? videoMessages.scenesToInitialize : videoMessages.noScenes}
        action={
          <Button busy={initializing} disabled={!hasImages || switching} onClick={() => void initialize()}>
            Initialize Scenes
          </Button>
        }
      >
        {!hasImages && videoMessages.noImages}
        {otherScript && (
          <span role="status" className="mt-2 block text-amber-700 dark:text-amber-300">
            {otherScriptNotice(otherScript)}
          </span>
        )}
      </EmptyState>
    );
  else
    body = (
      <SubTabs label="Studio" tabs={STUDIO_TABS} active={tab} onChange={openTab} labels={STUDIO_TAB_LABELS}>
        {tab === 'timeline' && (
          <TimelineTab
            scenes={scenes}
            missing={missing}
            notInScript={scenesNotInScript(scenes, script?.scenes)}
            selectedId={selectedScene}
            switching={switching}
            onChange={setDraftScenes}
            onTransition={(id, change) => setDraftScenes(setSceneTransition(scenes, id, change))}
            onSelect={(id) => {
              setSelectedScene(id);
              openTab('preview');
            }}
            onAdd={add}
            onArrange={() => setDraftScenes(autoArrange(scenes))}
          />
        )}
        {tab === 'preview' && (
          <PreviewTab
            scenes={scenes}
            selectedId={selectedScene}
            finished={finished}
            onSelect={setSelectedScene}
          />
        )}
        {tab === 'settings' && <SettingsTab settings={settings} onChange={setDraftSettings} />}
        {mergeOpened && (
          <div hidden={tab !== 'merge'}>
            {mergeStudio ? (
              mergeStudio({ offered: mergeOffers, videoGenerationId: finishedId })
            ) : (
              <EmptyState title="The merge studio is not available here" />
            )}
          </div>
        )}
      </SubTabs>
    );

  return (
    <div className="space-y-4">
      {header}
      <RenderProgress
        generation={current}
        pipeline={gen.pipeline}
        starting={gen.starting}
        finishedHere={gen.finishedHere}
        gaveUp={gen.gaveUp}
        notice={gen.notice}
        onCheckAgain={gen.checkAgain}
        onCancel={(id) => void gen.cancel(id)}
        onRetry={(step) => void gen.retry(step)}
        onLipSync={() => void gen.lipSync()}
      />
      {body}
      {finished && (
        <RenderedVideoCard
          generation={finished}
          production={production}
          busy={gen.starting}
          onReprocess={() => void gen.retry('merge', finished.video_generation_id ?? finished.id)}
        />
      )}
      <GenerationHistory
        generations={generations ?? []}
        currentId={current ? (current.video_generation_id ?? current.id) : null}
        onOpen={gen.open}
        onPlay={setModal}
      />
      <VideoModal generation={modal} title={`${chapter.title}: video`} onClose={() => setModal(null)} />
    </div>
  );
}
