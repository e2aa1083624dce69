import type { Chapter } from '@contracts/books';
import type { ChapterImage } from '@contracts/images';
import {
  ASPECT_RATIOS,
  IMAGE_DEFAULTS,
  IMAGE_QUALITIES,
  IMAGE_STYLES,
  imageMessages,
  matchCharacter,
} from '@contracts/images';
import type { ScriptScene } from '@contracts/scripts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import {
  deleteChapterImage,
  reloadChapterImages,
  startCharacterImage,
  startSceneImage,
  useImagesOfChapter,
} from '@/features/workspace/api/images';
import { usePlotOverview } from '@/features/workspace/api/plots';
import { useChapterScripts } from '@/features/workspace/api/scripts';
import { subjectOf, useChapterImageJobs } from '@/features/workspace/api/use-chapter-image-jobs';
import { useScriptSelection } from '@/features/workspace/api/use-script-selection';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';
import { SubTabs } from '@/features/workspace/components/sub-tabs';
import { characterImageOf, characterNames, sceneImageOf } from '@/features/workspace/model/images';

type Settings = {
  style: (typeof IMAGE_STYLES)[number];
  quality: (typeof IMAGE_QUALITIES)[number];
  aspect_ratio: (typeof ASPECT_RATIOS)[number];
  use_character_references: boolean;
  include_background: boolean;
  lighting_mood: string;
};

const VIEWS = ['characters', 'scenes'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { characters: 'Characters', scenes: 'Scenes' };

const STATUS_TONES = { generating: 'blue', completed: 'green', failed: 'red' } as const;

/** The Images tab (Scene Images panel) of the selected chapter and script. */
export function ImagesTab({ bookId, chapter }: { bookId: string; chapter: Chapter | null }) {
  if (!chapter) return <SelectChapterPrompt tab="images" />;
  return <SceneImages key={chapter.id} bookId={bookId} chapterId={chapter.id} />;
}

function SettingsPanel({ settings, onChange }: { settings: Settings; onChange: (s: Settings) => void }) {
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    onChange({ ...settings, [key]: value });
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800">
      <SelectField
        label="Image style"
        value={settings.style}
        onChange={(e) => set('style', e.target.value as Settings['style'])}
      >
        {IMAGE_STYLES.map((s) => (
          <option key={s} value={s}>
            {s.charAt(0).toUpperCase() + s.slice(1)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Quality"
        value={settings.quality}
        onChange={(e) => set('quality', e.target.value as Settings['quality'])}
      >
        {IMAGE_QUALITIES.map((q) => (
          <option key={q} value={q}>
            {q === 'hd' ? 'HD' : 'Standard'}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Aspect ratio"
        value={settings.aspect_ratio}
        onChange={(e) => set('aspect_ratio', e.target.value as Settings['aspect_ratio'])}
      >
        {ASPECT_RATIOS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Lighting mood"
        value={settings.lighting_mood}
        onChange={(e) => set('lighting_mood', e.target.value)}
      />
      <label className="inline-flex items-center gap-2 self-end pb-2 text-sm">
        <input
          type="checkbox"
          checked={settings.use_character_references}
          onChange={(e) => set('use_character_references', e.target.checked)}
        />
        Use character references
      </label>
      <label className="inline-flex items-center gap-2 self-end pb-2 text-sm">
        <input
          type="checkbox"
          checked={settings.include_background}
          onChange={(e) => set('include_background', e.target.checked)}
        />
        Include background
      </label>
    </div>
  );
}

function Picture({
  image,
  label,
  busy,
  onPreview,
}: {
  image: ChapterImage | undefined;
  label: string;
  busy: boolean;
  onPreview: (image: ChapterImage, label: string) => void;
}) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
      {image?.status === 'completed' && image.image_url ? (
        <button type="button" className="block h-full w-full" onClick={() => onPreview(image, label)}>
          <img src={image.image_url} alt={label} className="h-full w-full object-contain" />
        </button>
      ) : (
        <div className="flex h-full items-center justify-center text-sm text-slate-500 dark:text-slate-400">
          {busy || image?.status === 'generating' ? <Spinner label="Generating…" /> : 'No image yet'}
        </div>
      )}
    </div>
  );
}

function SceneImages({ bookId, chapterId }: { bookId: string; chapterId: string }) {
  const [selection] = useScriptSelection();
  const { data: scripts } = useChapterScripts(chapterId);
  const script = scripts?.find((s) => s.id === selection.scriptId) ?? null;
  const { data: images, error } = useImagesOfChapter(chapterId, script?.id ?? null);
  const { data: plot } = usePlotOverview(bookId);
  const { follow, following, watchers } = useChapterImageJobs(chapterId);
  const [view, setView] = useState<View>('scenes');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [showSettings, setShowSettings] = useState(false);
  const [settings, setSettings] = useState<Settings>({ ...IMAGE_DEFAULTS });
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const [preview, setPreview] = useState<{ image: ChapterImage; label: string } | null>(null);

  useEffect(() => {
    if (error) toast.error(imageMessages.loadFailed);
  }, [error]);
  // Drawings under way (started here or before the tab opened) are followed to their end.
  useEffect(() => {
    for (const image of images ?? [])
      if (image.status === 'generating' && image.job_id) follow(image.job_id, subjectOf(image));
  }, [images, follow]);

  const scenes: ScriptScene[] = script?.scenes ?? [];
  const names = characterNames(script?.characters ?? [], images ?? []);
  const list = images ?? [];
  const busyKey = (key: string) => starting.has(key);
  const mark = (key: string, on: boolean) =>
    setStarting((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const drawScene = async (scene: ScriptScene) => {
    const key = `scene-${scene.scene_number}`;
    mark(key, true);
    try {
      const queued = await startSceneImage(chapterId, scene.scene_number, {
        ...settings,
        script_id: script?.id ?? null,
      });
      follow(queued.job_id, { kind: 'scene', scene: scene.scene_number });
      await reloadChapterImages(chapterId);
    } catch {
      toast.error(imageMessages.failedScene(scene.scene_number));
    } finally {
      mark(key, false);
    }
  };

  const drawCharacter = async (name: string) => {
    const key = `character-${name}`;
    mark(key, true);
    const character = matchCharacter(name, plot?.characters ?? []);
    try {
      const queued = await startCharacterImage(chapterId, {
        style: settings.style,
        quality: settings.quality,
        aspect_ratio: settings.aspect_ratio,
        use_character_references: settings.use_character_references,
        character_name: name,
        ...(character?.physical_description ? { character_description: character.physical_description } : {}),
        script_id: script?.id ?? null,
      });
      follow(queued.job_id, { kind: 'character', name });
      await reloadChapterImages(chapterId);
    } catch {
      toast.error(imageMessages.failedCharacter(name));
    } finally {
      mark(key, false);
    }
  };

  const drawAll = () => {
    if (view === 'scenes') {
      if (!scenes.length) return void toast.error(imageMessages.noScenes);
      for (const scene of scenes) void drawScene(scene);
    } else {
      if (!names.length) return void toast.error('No characters available to generate images for');
      for (const name of names) void drawCharacter(name);
    }
  };

  const remove = async (image: ChapterImage) => {
    try {
      await deleteChapterImage(chapterId, image);
      toast.success('Image deleted');
    } catch {
      toast.error('Failed to delete image');
    }
    await reloadChapterImages(chapterId);
  };

  const isBusy = (key: string, image: ChapterImage | undefined) =>
    busyKey(key) || (image?.status === 'generating' && Boolean(image.job_id && following.has(image.job_id)));

  const items =
    view === 'scenes'
      ? scenes.map((scene) => {
          const image = sceneImageOf(list, scene.scene_number);
          const key = `scene-${scene.scene_number}`;
          return {
            key,
            title: `Scene ${scene.scene_number}: ${scene.heading}`,
            text: scene.visual_description,
            image,
            busy: isBusy(key, image),
            global: false,
            onDraw: () => void drawScene(scene),
          };
        })
      : names.map((name) => {
          const image = characterImageOf(list, name);
          const key = `character-${name}`;
          return {
            key,
            title: name,
            text: matchCharacter(name, plot?.characters ?? [])?.physical_description ?? '',
            image,
            busy: isBusy(key, image),
            global: Boolean(image?.global),
            onDraw: () => void drawCharacter(name),
          };
        });

  return (
    <Card className="space-y-4 p-6">
      {watchers}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Scene Images</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {script ? `For ${script.script_name}` : 'Generate a script in the Script tab to draw its scenes.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <div
            role="group"
            aria-label="Layout"
            className="inline-flex rounded-lg border border-slate-300 dark:border-slate-700"
          >
            {(['grid', 'list'] as const).map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={layout === l}
                onClick={() => setLayout(l)}
                className={`px-3 py-1.5 text-sm first:rounded-l-lg last:rounded-r-lg ${
                  layout === l ? 'bg-brand-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                }`}
              >
                {l === 'grid' ? 'Grid' : 'List'}
              </button>
            ))}
          </div>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={showSettings}
            onClick={() => setShowSettings((v) => !v)}
          >
            Settings
          </Button>
          <Button size="sm" onClick={drawAll}>
            {view === 'scenes' ? 'Generate All Scenes' : 'Generate All Characters'}
          </Button>
        </div>
      </div>
      {showSettings && <SettingsPanel settings={settings} onChange={setSettings} />}
      <SubTabs label="Image kinds" tabs={VIEWS} labels={VIEW_LABELS} active={view} onChange={setView}>
        {items.length === 0 ? (
          <EmptyState
            title={
              view === 'scenes' ? imageMessages.noScenes : 'No characters available to generate images for'
            }
          />
        ) : (
          <ul
            aria-label={view === 'scenes' ? 'Scene images' : 'Character images'}
            className={layout === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-3'}
          >
            {items.map((item) => (
              <li
                key={item.key}
                aria-label={item.title}
                className={`rounded-xl border border-slate-200 p-3 dark:border-slate-800 ${
                  layout === 'list' ? 'grid gap-3 sm:grid-cols-[14rem_1fr]' : 'space-y-2'
                }`}
              >
                <Picture
                  image={item.image}
                  label={item.title}
                  busy={item.busy}
                  onPreview={(image, label) => setPreview({ image, label })}
                />
                <div className="space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-sm font-semibold">{item.title}</h3>
                    {item.image && <Badge tone={STATUS_TONES[item.image.status]}>{item.image.status}</Badge>}
                    {item.global && <Badge tone="purple">Plot portrait</Badge>}
                  </div>
                  {item.text && (
                    <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{item.text}</p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="secondary" busy={item.busy} onClick={item.onDraw}>
                      {item.image?.status === 'completed' ? 'Regenerate' : 'Generate'}
                    </Button>
                    {item.image?.deletable && (
                      <Button size="sm" variant="ghost" onClick={() => void remove(item.image!)}>
                        Delete
                      </Button>
                    )}
                  </div>
                  {item.global && (
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      Plot portraits are managed in the Plot tab.
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </SubTabs>
      <Modal
        open={Boolean(preview)}
        title={preview?.label ?? 'Image'}
        onClose={() => setPreview(null)}
        footer={
          <>
            {preview?.image.image_url && (
              <a
                href={preview.image.image_url}
                download
                className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                Download
              </a>
            )}
            <Button variant="secondary" onClick={() => setPreview(null)}>
              Close
            </Button>
          </>
        }
      >
        {preview?.image.image_url && (
          <img src={preview.image.image_url} alt={preview.label} className="w-full rounded-lg" />
        )}
      </Modal>
    </Card>
  );
}
