import type { ProductionScene, SceneTransition } from '@contracts/video';
import { SCENE_TRANSITIONS } from '@contracts/video';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DURATION_STEP,
  EVERY_SCENE_ON_TIMELINE,
  maxTransition,
  parseDuration,
  parseTransitionDuration,
  reorderScenes,
  scriptSceneLabel,
  totalDuration,
  transitionAt,
  type SceneTransitionValue,
  type ScriptSceneRef,
} from '@/features/workspace/model/video';

const GRID = 'grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6';
const INPUT =
  'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-900 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function DurationInput({
  scene,
  disabled,
  onChange,
}: {
  scene: ProductionScene;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  // What is typed stays until it is a valid duration (then it is applied) or the field is left.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
      <span className="sr-only">Duration of scene {scene.sceneNumber} in seconds</span>
      <input
        type="number"
        min={DURATION_STEP}
        step={DURATION_STEP}
        disabled={disabled}
        value={draft ?? String(scene.duration)}
        onChange={(e) => {
          setDraft(e.target.value);
          const value = parseDuration(e.target.value);
          if (value !== null) onChange(value);
        }}
        onBlur={() => setDraft(null)}
        className={`w-16 ${INPUT}`}
      />
      s
    </label>
  );
}

const TRANSITION_LABELS: Record<SceneTransition, string> = {
  none: 'None (cut)',
  fade: 'Fade',
  fadeblack: 'Fade through black',
  fadewhite: 'Fade through white',
};

/**
 * The transition into a scene: its type and its length (> 0, step 0.1, at most 2 s and the scene's
 * length). The first scene of the timeline has none, so both are shown but not editable there.
 */
function TransitionControls({
  scene,
  transition,
  first,
  disabled,
  onChange,
}: {
  scene: ProductionScene;
  transition: SceneTransitionValue;
  first: boolean;
  disabled: boolean;
  onChange: (change: { type?: SceneTransition; duration?: string }) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const max = maxTransition(scene.duration);
  const invalid = draft !== null && parseTransitionDuration(draft, scene.duration) === null;
  const errorId = useId();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
      {/* The select may shrink below its longest option's width: it stays inside a narrow card. */}
      <label className="flex min-w-0 max-w-full items-center gap-1">
        <span className="sr-only">Transition into scene {scene.sceneNumber}</span>
        <span aria-hidden="true">In:</span>
        <select
          value={transition.type}
          disabled={disabled || first}
          title={first ? 'The first scene has no transition' : undefined}
          onChange={(e) => {
            setDraft(null);
            onChange({ type: e.target.value as SceneTransition });
          }}
          className={`min-w-0 max-w-full ${INPUT}`}
        >
          {SCENE_TRANSITIONS.map((t) => (
            <option key={t} value={t}>
              {TRANSITION_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {!first && transition.type !== 'none' && (
        <label className="flex items-center gap-1">
          <span className="sr-only">Transition length of scene {scene.sceneNumber} in seconds</span>
          <input
            type="number"
            min={DURATION_STEP}
            max={max}
            step={DURATION_STEP}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            value={draft ?? String(transition.duration)}
            onChange={(e) => {
              setDraft(e.target.value);
              if (parseTransitionDuration(e.target.value, scene.duration) !== null)
                onChange({ duration: e.target.value });
            }}
            onBlur={() => setDraft(null)}
            className={`w-14 ${INPUT}`}
          />
          s
        </label>
      )}
      {invalid && (
        <span id={errorId} className="w-full text-red-600 dark:text-red-400">
          Between 0.1 and {max} s
        </span>
      )}
    </div>
  );
}

/**
 * Add Scene: a menu of the script's scenes that are not on the timeline ("Scene 3 — Harbour
 * (night)"); disabled with a hint when every scene of the script is on it.
 */
function AddSceneMenu({
  missing,
  disabled,
  onAdd,
}: {
  missing: readonly ScriptSceneRef[];
  disabled: boolean;
  onAdd: (sceneNumber: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const hintId = useId();
  const root = useRef<HTMLDivElement>(null);
  const none = missing.length === 0;
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  return (
    <div
      className="relative flex items-center gap-2"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
        if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          e.preventDefault();
          const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
          const at = items.indexOf(document.activeElement as HTMLElement);
          const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
          items[next]?.focus();
        }
      }}
    >
      {none && (
        <span id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {EVERY_SCENE_ON_TIMELINE}
        </span>
      )}
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled || none}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-describedby={none ? hintId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        Add Scene
      </Button>
      {open && !none && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Script scenes to add"
          className="absolute right-0 top-full z-20 mt-1 w-64 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {missing.map((scene) => (
            <li key={scene.scene_number} role="none">
              <button
                type="button"
                role="menuitem"
                className="block w-full truncate px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                onClick={() => {
                  setOpen(false);
                  onAdd(scene.scene_number);
                }}
              >
                {scriptSceneLabel(scene)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SceneCard({
  scene,
  into,
  first,
  orphan,
  selected,
  disabled,
  onSelect,
  onDuration,
  onTransition,
  onDelete,
}: {
  scene: ProductionScene;
  /** The transition into the scene. */
  into: SceneTransitionValue;
  first: boolean;
  /** No scene of the script is behind the card: it is not filmed, and Save leaves it out. */
  orphan: boolean;
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
  onDuration: (value: number) => void;
  onTransition: (change: { type?: SceneTransition; duration?: string }) => void;
  onDelete?: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: scene.id, disabled });
  const picture = scene.thumbnailUrl ?? scene.imageUrl;
  const place = [scene.location, scene.time_of_day].filter(Boolean).join(' · ');
  return (
    <li
      ref={setNodeRef}
      aria-label={`Scene ${scene.sceneNumber}`}
      data-scene-id={scene.id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`relative flex min-w-0 flex-col overflow-hidden rounded-xl border bg-white text-sm shadow-sm dark:bg-slate-900 ${
        selected ? 'border-brand-500 ring-2 ring-brand-500/40' : 'border-slate-200 dark:border-slate-800'
      } ${isDragging ? 'z-10 opacity-80 shadow-lg' : ''}`}
    >
      <div className="flex items-center gap-1 px-2 pt-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          aria-label={`Reorder scene ${scene.sceneNumber}`}
          disabled={disabled}
          className="cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 active:cursor-grabbing dark:hover:bg-slate-800"
          {...attributes}
          {...listeners}
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </button>
        <span className="font-semibold">Scene {scene.sceneNumber}</span>
        {scene.status === 'completed' && (
          <span className="ml-1 h-2 w-2 rounded-full bg-green-500" title="Completed" aria-hidden="true" />
        )}
        {onDelete && (
          <button
            type="button"
            aria-label={`Delete scene ${scene.sceneNumber}`}
            disabled={disabled}
            onClick={onDelete}
            className="ml-auto rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/40"
          >
            ×
          </button>
        )}
      </div>
      <button
        type="button"
        disabled={disabled}
        onClick={onSelect}
        aria-label={`Preview scene ${scene.sceneNumber}`}
        className="flex flex-1 flex-col gap-1 p-2 text-left"
      >
        <span className="block aspect-video w-full overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
          {picture ? (
            <img src={picture} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="flex h-full items-center justify-center text-xs text-slate-500 dark:text-slate-400">
              No image
            </span>
          )}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          Transition: <span className="font-medium">{into.type}</span>
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {scene.audioFiles.length} audio file{scene.audioFiles.length === 1 ? '' : 's'}
        </span>
        {scene.characters.length > 0 && (
          <span className="truncate text-xs text-slate-600 dark:text-slate-400">
            {scene.characters.join(', ')}
          </span>
        )}
        {place && <span className="truncate text-xs text-slate-500 dark:text-slate-400">{place}</span>}
        {orphan && (
          <span className="text-xs font-medium text-red-600 dark:text-red-400">
            Not a scene of this script: Save leaves it out
          </span>
        )}
      </button>
      <div className="space-y-1 px-2 pb-2">
        <DurationInput scene={scene} disabled={disabled} onChange={onDuration} />
        <TransitionControls
          scene={scene}
          transition={into}
          first={first}
          disabled={disabled}
          onChange={onTransition}
        />
      </div>
    </li>
  );
}

/** Three grey cards and 'No data available' while there is no script. */
export function TimelinePlaceholder() {
  return (
    <div>
      <ul className={GRID} aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className="aspect-[3/4] rounded-xl bg-slate-100 dark:bg-slate-800" />
        ))}
      </ul>
      <p className="mt-3 text-center text-sm text-slate-500 dark:text-slate-400">No data available</p>
    </div>
  );
}

/**
 * The Timeline tab: the scene cards in a grid (2, 4 or 6 columns by screen size), dragged to a new
 * order with the pointer or the keyboard (focus a handle, Space to lift, arrows to move, Space to
 * drop), each with its duration, the transition into it and an optional delete; Add Scene (the
 * script's scenes not on the timeline) and Auto-arrange.
 */
export function TimelineTab({
  scenes,
  missing,
  notInScript,
  selectedId,
  switching,
  onChange,
  onTransition,
  onSelect,
  onAdd,
  onArrange,
}: {
  scenes: ProductionScene[];
  /** The script's scenes not on the timeline (what Add Scene offers). */
  missing: readonly ScriptSceneRef[];
  /** Ids of cards with no scene of the script behind them. */
  notInScript: ReadonlySet<string>;
  selectedId: string | null;
  switching: boolean;
  onChange: (scenes: ProductionScene[]) => void;
  onTransition: (id: string, change: { type?: SceneTransition; duration?: string }) => void;
  onSelect: (id: string) => void;
  onAdd: (sceneNumber: number) => void;
  onArrange: () => void;
}) {
  const sensors = useSensors(
    // A click on the handle is not a drag: the pointer must move first.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(reorderScenes(scenes, String(active.id), String(over.id)));
  };
  const numberOf = (id: string | number) => scenes.find((s) => s.id === id)?.sceneNumber ?? '';
  return (
    <div className="space-y-3" aria-busy={switching}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium">
          {scenes.length} scene{scenes.length === 1 ? '' : 's'} · {totalDuration(scenes)}s total
        </p>
        <div className="ml-auto flex gap-2">
          <AddSceneMenu missing={missing} disabled={switching} onAdd={onAdd} />
          <Button size="sm" variant="secondary" disabled={switching || scenes.length < 2} onClick={onArrange}>
            Auto-arrange
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {switching ? 'Switching scripts...' : 'Drag scenes to reorder • Click to edit'}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up scene ${numberOf(active.id)}.`,
            onDragOver: ({ active, over }) =>
              over ? `Scene ${numberOf(active.id)} is over scene ${numberOf(over.id)}.` : '',
            onDragEnd: ({ active, over }) =>
              over
                ? `Scene ${numberOf(active.id)} was dropped at the place of scene ${numberOf(over.id)}.`
                : `Scene ${numberOf(active.id)} was dropped.`,
            onDragCancel: ({ active }) => `Moving scene ${numberOf(active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={scenes.map((s) => s.id)} strategy={rectSortingStrategy}>
          <ol aria-label="Timeline scenes" className={GRID}>
            {scenes.map((scene, index) => (
              <SceneCard
                key={scene.id}
                scene={scene}
                into={transitionAt(scenes, index)}
                first={index === 0}
                orphan={notInScript.has(scene.id)}
                onTransition={(change) => onTransition(scene.id, change)}
                selected={scene.id === selectedId}
                disabled={switching}
                onSelect={() => onSelect(scene.id)}
                onDuration={(duration) =>
                  onChange(scenes.map((s) => (s.id === scene.id ? { ...s, duration } : s)))
                }
                onDelete={
                  scenes.length > 1 ? () => onChange(scenes.filter((s) => s.id !== scene.id)) : undefined
                }
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}
