import type { ProductionScene, VideoGeneration } from '@contracts/video';
import { useMemo, useState } from 'react';
import { dialoguePreview, editSequence, sceneClipOf } from '@/features/workspace/model/video';
import { EditPlayer } from './edit-player';
import { VideoPlayer } from './video-player';

const chip = (active: boolean) =>
  `rounded-full px-3 py-1 text-xs font-medium ${
    active
      ? 'bg-brand-600 text-white'
      : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300'
  }`;

/**
 * The Preview tab: Play edit (the timeline as edited, in its order), the selected scene's clip
 * (from the latest finished generation, else the scene's own video) with its dialogue, or the final
 * video when no scene is selected.
 */
export function PreviewTab({
  scenes,
  selectedId,
  finished,
  onSelect,
}: {
  scenes: ProductionScene[];
  selectedId: string | null;
  finished: VideoGeneration | undefined;
  onSelect: (id: string | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  const shots = useMemo(() => editSequence(scenes, finished), [scenes, finished]);
  const scene = scenes.find((s) => s.id === selectedId) ?? null;
  const finalUrl = finished?.final_video?.video_url ?? finished?.video_url ?? null;
  const src = scene ? (sceneClipOf(finished, scene.sceneNumber) ?? scene.video_url) : finalUrl;
  const label = scene ? `Scene ${scene.sceneNumber} preview` : 'Final video preview';
  const dialogue = scene ? dialoguePreview(scene.dialogue) : null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-1" role="group" aria-label="What to preview">
        <button
          type="button"
          aria-pressed={editing}
          onClick={() => setEditing(true)}
          className={chip(editing)}
        >
          Play edit
        </button>
        <button
          type="button"
          aria-pressed={!editing && !scene}
          onClick={() => {
            setEditing(false);
            onSelect(null);
          }}
          className={chip(!editing && !scene)}
        >
          Final video
        </button>
        {scenes.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={!editing && s.id === scene?.id}
            onClick={() => {
              setEditing(false);
              onSelect(s.id);
            }}
            className={chip(!editing && s.id === scene?.id)}
          >
            Scene {s.sceneNumber}
          </button>
        ))}
      </div>
      {editing ? (
        <EditPlayer shots={shots} />
      ) : (
        <SinglePreview scene={scene} src={src} label={label} finished={finished} dialogue={dialogue} />
      )}
    </div>
  );
}

function SinglePreview({
  scene,
  src,
  label,
  finished,
  dialogue,
}: {
  scene: ProductionScene | null;
  src: string | null;
  label: string;
  finished: VideoGeneration | undefined;
  dialogue: ReturnType<typeof dialoguePreview> | null;
}) {
  return (
    <>
      <VideoPlayer
        src={src}
        label={label}
        poster={scene?.thumbnailUrl ?? finished?.final_video?.thumbnail_url ?? null}
        subtitles={scene ? null : (finished?.final_video?.subtitles_url ?? finished?.subtitles_url ?? null)}
        fallbackImage={scene?.imageUrl ?? null}
      />
      {scene && (
        <div className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="font-medium">
            Scene {scene.sceneNumber} · {scene.duration}s{scene.location && ` · ${scene.location}`}
            {scene.time_of_day && ` (${scene.time_of_day})`}
          </p>
          {dialogue && dialogue.lines.length > 0 ? (
            <ul aria-label="Dialogue" className="mt-2 space-y-1 text-slate-700 dark:text-slate-300">
              {dialogue.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
              {dialogue.more && (
                <li className="text-xs text-slate-500 dark:text-slate-400">{dialogue.more}</li>
              )}
            </ul>
          ) : (
            <p className="mt-2 text-slate-500 dark:text-slate-400">No dialogue in this scene.</p>
          )}
        </div>
      )}
    </>
  );
}
