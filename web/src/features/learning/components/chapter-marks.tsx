import type { ChapterMark } from '@contracts/learning';

/** "0:00", "4:07", "1:02:05": the start of a mark as a player shows times. */
export function markTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The mark being played at `time`: the last one that starts at or before it. */
export function currentMark(marks: ChapterMark[], time: number): number {
  let current = -1;
  marks.forEach((mark, i) => {
    if (mark.start_seconds <= time + 0.05) current = i;
  });
  return current;
}

/**
 * The narration's chapters under its player: each a button (title and start time) that seeks the
 * audio there and plays; the one being heard is highlighted. Nothing at all when there are no marks
 * (older narrations), so no empty heading.
 */
export function ChapterMarks({
  marks,
  currentTime,
  onSeek,
  labelledBy = 'narration-chapters-heading',
}: {
  marks: ChapterMark[] | undefined;
  currentTime: number;
  onSeek: (seconds: number) => void;
  labelledBy?: string;
}) {
  if (!marks?.length) return null;
  const current = currentMark(marks, currentTime);
  return (
    <nav aria-labelledby={labelledBy} className="mt-3">
      <h4
        id={labelledBy}
        className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
      >
        Narration chapters
      </h4>
      <ol className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700">
        {marks.map((mark, i) => {
          const playing = i === current;
          return (
            <li key={`${mark.start_seconds}-${mark.title}`}>
              <button
                type="button"
                onClick={() => onSeek(mark.start_seconds)}
                aria-current={playing ? 'true' : undefined}
                aria-label={`${mark.title}, at ${markTime(mark.start_seconds)}`}
                className={`flex min-h-11 w-full items-baseline gap-3 px-3 py-2 text-left text-sm ${
                  playing
                    ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-100'
                    : 'text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                <span className="min-w-0 flex-1 break-words">{mark.title}</span>
                <span
                  className={`shrink-0 tabular-nums ${playing ? '' : 'text-slate-600 dark:text-slate-400'}`}
                >
                  {markTime(mark.start_seconds)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
