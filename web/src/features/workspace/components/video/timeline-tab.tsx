import type { ProductionScene } from '@contracts/video';
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
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DURATION_STEP, parseDuration, reorderScenes, totalDuration } from '@/features/workspace/model/video';

const GRID = 'grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6';

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
        className="w-16 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      />
      s
    </label>
  );
}

function SceneCard({
  scene,
  selected,
  disabled,
  onSelect,
  onDuration,
  onDelete,
}: {
  scene: ProductionScene;
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
  onDuration: (value: number) => void;
  onDelete?: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: scene.id, disabled });
  const picture = scene.thumbnailUrl ?? scene.imageUrl;
  const transition0 = scene.transitions[0]?.type ?? 'none';
  const place = [scene.location, scene.time_of_day].filter(Boolean).join(' · ');
  return (
    <li
      ref={setNodeRef}
      aria-label={`Scene ${scene.sceneNumber}`}
      data-scene-id={scene.id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`relative flex flex-col overflow-hidden rounded-xl border bg-white text-sm shadow-sm dark:bg-slate-900 ${
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
          Transition: <span className="font-medium">{transition0}</span>
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
      </button>
      <div className="px-2 pb-2">
        <DurationInput scene={scene} disabled={disabled} onChange={onDuration} />
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
 * drop), each with its duration and an optional delete; Add Scene and Auto-arrange.
 */
export function TimelineTab({
  scenes,
  selectedId,
  switching,
  onChange,
  onSelect,
  onAdd,
  onArrange,
}: {
  scenes: ProductionScene[];
  selectedId: string | null;
  switching: boolean;
  onChange: (scenes: ProductionScene[]) => void;
  onSelect: (id: string) => void;
  onAdd: () => void;
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
          <Button size="sm" variant="secondary" disabled={switching} onClick={onAdd}>
            Add Scene
          </Button>
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
            {scenes.map((scene) => (
              <SceneCard
                key={scene.id}
                scene={scene}
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
