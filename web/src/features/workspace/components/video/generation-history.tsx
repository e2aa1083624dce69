import type { VideoGeneration } from '@contracts/video';
import { normaliseGenerationStatus } from '@contracts/video';
import { Badge } from '@/components/ui/card';
import { hasFinalVideo } from '@/features/workspace/model/video';

const TONES = { completed: 'green', failed: 'red', cancelled: 'yellow' } as const;

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** The chapter's generations, newest first: status, date, Open (and Play when it has a film). */
export function GenerationHistory({
  generations,
  currentId,
  onOpen,
  onPlay,
}: {
  generations: VideoGeneration[];
  currentId: string | null;
  onOpen: (generation: VideoGeneration) => void;
  onPlay: (generation: VideoGeneration) => void;
}) {
  if (!generations.length) return null;
  return (
    <section aria-label="Generation history" className="space-y-2">
      <h3 className="text-sm font-semibold">Generation history</h3>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {generations.map((g) => {
          const id = g.video_generation_id ?? g.id;
          const status = normaliseGenerationStatus(g.generation_status);
          return (
            <li
              key={id}
              className="flex flex-wrap items-center gap-2 px-3 py-2"
              aria-current={id === currentId}
            >
              <Badge tone={TONES[status as keyof typeof TONES] ?? 'blue'}>{status.replace(/_/g, ' ')}</Badge>
              <span className="text-slate-600 dark:text-slate-400">{when(g.created_at)}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">#{id.slice(-8)}</span>
              <span className="ml-auto flex gap-1">
                <button
                  type="button"
                  onClick={() => onOpen(g)}
                  aria-label={`Open generation ${id.slice(-8)}`}
                  className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
                >
                  Open
                </button>
                {hasFinalVideo(g) && (
                  <button
                    type="button"
                    onClick={() => onPlay(g)}
                    aria-label={`Play video of generation ${id.slice(-8)}`}
                    className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
                  >
                    Play
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
