import { MERGE_LIMITS } from '@contracts/merge';
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, ProgressBar } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import {
  clock,
  dropMove,
  fileSize,
  progressOf,
  startTimes,
  type InputItem,
  type ItemsAction,
} from '../model/files';

type Edit = (action: Extract<ItemsAction, { type: 'move' | 'set' }>) => void;

const statusTone = { pending: 'slate', uploading: 'blue', completed: 'green', failed: 'red' } as const;
const statusText = {
  pending: 'Waiting',
  uploading: 'Uploading',
  completed: 'Ready',
  failed: 'Failed',
} as const;

const numberInput =
  'w-20 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function InputRow({
  item,
  start,
  index,
  count,
  locked,
  onEdit,
  onRetry,
  onRemove,
}: {
  item: InputItem;
  /** Where it starts in the merged video (ready items). */
  start: number | undefined;
  index: number;
  count: number;
  locked: boolean;
  onEdit: Edit;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: locked });
  const percent = progressOf(item);
  return (
    <li
      ref={setNodeRef}
      aria-label={`Input ${index + 1}: ${item.name}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900 ${
        isDragging ? 'z-10 opacity-80 shadow-lg' : ''
      }`}
    >
      <div className="flex items-center gap-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          aria-label={`Reorder ${item.name}`}
          disabled={locked}
          className="cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 active:cursor-grabbing dark:text-slate-400 dark:hover:bg-slate-800"
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
        <span className="w-5 text-center text-xs font-semibold text-slate-500 dark:text-slate-400">
          {index + 1}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
          {item.name}
        </span>
        <Badge tone={item.kind === 'audio' ? 'purple' : 'brand'}>{item.kind}</Badge>
        {item.source === 'library' ? (
          <Badge>Your video</Badge>
        ) : (
          <Badge tone={statusTone[item.status]}>{statusText[item.status]}</Badge>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <span className="mr-auto pl-1 text-xs text-slate-600 dark:text-slate-400">
          {[item.size ? fileSize(item.size) : '', clock(item.duration)].filter(Boolean).join(' · ')}
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Move ${item.name} up`}
          disabled={locked || index === 0}
          onClick={() => onEdit({ type: 'move', id: item.id, to: index - 1 })}
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Move ${item.name} down`}
          disabled={locked || index === count - 1}
          onClick={() => onEdit({ type: 'move', id: item.id, to: index + 1 })}
        >
          ↓
        </Button>
        {item.status === 'failed' && (
          <Button size="sm" variant="secondary" onClick={onRetry} aria-label={`Retry ${item.name}`}>
            Retry
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={locked}
          onClick={onRemove}
          aria-label={`Remove ${item.name}`}
        >
          Remove
        </Button>
      </div>
      {(item.status === 'pending' || item.status === 'uploading') && (
        <div className="mt-2 flex items-center gap-2">
          <ProgressBar value={percent} label={`Upload of ${item.name}`} />
          <span className="w-10 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400">
            {percent}%
          </span>
        </div>
      )}
      {item.error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {item.error}
        </p>
      )}
      {item.status === 'completed' && (
        <div className="mt-2 flex flex-wrap gap-4">
          {item.kind === 'audio' ? (
            <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
              Starts at (s)
              <input
                type="number"
                min={0}
                max={MERGE_LIMITS.maxStartTime}
                step={0.1}
                disabled={locked}
                value={item.start_time}
                onChange={(e) => onEdit({ type: 'set', id: item.id, start_time: Number(e.target.value) })}
                className={numberInput}
              />
            </label>
          ) : (
            <span className="text-xs text-slate-600 dark:text-slate-400">Starts at {clock(start ?? 0)}</span>
          )}
          <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
            Volume
            <input
              type="number"
              min={0}
              max={MERGE_LIMITS.maxVolume}
              step={0.1}
              disabled={locked}
              value={item.volume}
              onChange={(e) => onEdit({ type: 'set', id: item.id, volume: Number(e.target.value) })}
              className={numberInput}
            />
          </label>
        </div>
      )}
    </li>
  );
}

/**
 * The inputs in merge order: dragged to a new place with the pointer or the keyboard (focus a handle,
 * Space to lift, arrows to move, Space to drop) or moved with the arrow buttons; each with its
 * upload progress, Retry when it failed, Remove, and once ready its volume and where it starts
 * (videos follow each other in the list's order; a sound starts when the user says).
 */
export function InputList({
  items,
  locked,
  onEdit,
  onRetry,
  onRemove,
}: {
  items: InputItem[];
  locked: boolean;
  onEdit: Edit;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const starts = startTimes(items);
  const nameOf = (id: string | number) => items.find((i) => i.id === id)?.name ?? '';
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const move = over ? dropMove(items, String(active.id), String(over.id)) : null;
    if (move && move.type === 'move') onEdit(move);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : ''),
          onDragEnd: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} was dropped at the place of ${nameOf(over.id)}.`
              : `${nameOf(active.id)} was dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label="Merge inputs" className="space-y-2">
          {items.map((item, index) => (
            <InputRow
              key={item.id}
              item={item}
              start={starts.get(item.id)}
              index={index}
              count={items.length}
              locked={locked}
              onEdit={onEdit}
              onRetry={() => onRetry(item.id)}
              onRemove={() => onRemove(item.id)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
