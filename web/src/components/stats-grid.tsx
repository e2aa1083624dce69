import type { UserStats } from '@contracts/api';

const tiles: { key: keyof UserStats; label: string; format?: (v: number) => string }[] = [
  { key: 'books_read', label: 'Books read' },
  { key: 'books_uploaded', label: 'Books uploaded' },
  { key: 'total_time_hours', label: 'Hours learning', format: (v) => v.toFixed(1) },
  { key: 'badges_earned', label: 'Badges earned' },
  { key: 'quizzes_taken', label: 'Quizzes taken' },
  { key: 'average_quiz_score', label: 'Average quiz score', format: (v) => `${Math.round(v)}%` },
];

export function StatsGrid({ stats, compact = false }: { stats: UserStats | undefined; compact?: boolean }) {
  return (
    <dl className={`grid gap-3 ${compact ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2 md:grid-cols-3'}`}>
      {tiles.map((tile) => {
        const value = stats?.[tile.key];
        return (
          <div key={tile.key} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {tile.label}
            </dt>
            <dd className="mt-1 text-2xl font-semibold" data-stat={tile.key}>
              {value === undefined ? '—' : tile.format ? tile.format(value) : value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
