import { ANALYTICS_PERIODS, type AnalyticsDay, type AuthorAnalytics } from '@contracts/analytics';
import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ButtonLink } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthorAnalytics } from '../api/analytics';

/** Colours readable on the light and the dark theme alike. */
const COLOURS = { brand: '#6366f1', green: '#10b981', amber: '#f59e0b', sky: '#0ea5e9', rose: '#f43f5e' };

type Series = { key: keyof AnalyticsDay; name: string; colour: string };

const READING: Series[] = [
  { key: 'readers', name: 'Readers and learners', colour: COLOURS.brand },
  { key: 'chapters_completed', name: 'Chapters completed', colour: COLOURS.green },
  { key: 'narration_plays', name: 'Narration plays', colour: COLOURS.amber },
  { key: 'video_plays', name: 'Video plays', colour: COLOURS.sky },
];
const MAKING: Series[] = [
  { key: 'generations', name: 'Generations', colour: COLOURS.brand },
  { key: 'video_minutes', name: 'Minutes of video made', colour: COLOURS.rose },
];
const QUIZ: Series[] = [{ key: 'quiz_average', name: 'Quiz average (%)', colour: COLOURS.green }];

/** "Nov 27" from "2026-11-27", read as a UTC date (the timeline's days are UTC). */
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 } };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--chart-tooltip-bg)',
    color: 'var(--chart-tooltip-text)',
    borderRadius: 8,
    border: '1px solid #94a3b8',
  },
  labelFormatter: (label: unknown) => shortDate(String(label)),
};

function ChartCard({
  title,
  series,
  data,
  kind,
}: {
  title: string;
  series: Series[];
  data: AnalyticsDay[];
  kind: 'line' | 'bar';
}) {
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <Card className="p-4" data-chart={title}>
      <h3 className="mb-2 font-semibold">{title}</h3>
      <div className="h-56 text-slate-500 dark:text-slate-400">
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} {...axis} />
            <YAxis allowDecimals={kind === 'bar'} {...axis} />
            <Tooltip {...tooltipStyle} />
            <Legend />
            {series.map((s) =>
              kind === 'line' ? (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.name}
                  stroke={s.colour}
                  strokeWidth={2}
                  dot={false}
                  connectNulls
                />
              ) : (
                <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/** The period's sums: what the tiles above the charts say. */
function totals(timeline: AnalyticsDay[]) {
  const sum = (key: keyof AnalyticsDay) => timeline.reduce((n, day) => n + (Number(day[key]) || 0), 0);
  const attempts = sum('quiz_attempts');
  const scored = timeline.reduce((n, day) => n + (day.quiz_average ?? 0) * day.quiz_attempts, 0);
  return [
    { label: 'Reader-days', value: sum('readers') },
    { label: 'Chapters completed', value: sum('chapters_completed') },
    { label: 'Quiz average', value: attempts ? `${Math.round(scored / attempts)}%` : '—' },
    { label: 'Narration plays', value: sum('narration_plays') },
    { label: 'Video plays', value: sum('video_plays') },
    { label: 'Generations', value: sum('generations') },
    { label: 'Minutes of video made', value: Math.round(sum('video_minutes') * 10) / 10 },
  ];
}

function Filters({
  data,
  bookId,
  days,
  onBook,
  onDays,
}: {
  data: AuthorAnalytics | undefined;
  bookId: string | null;
  days: number;
  onBook: (id: string | null) => void;
  onDays: (days: number) => void;
}) {
  const bookField = useId();
  const periodField = useId();
  const select =
    'mt-1 block w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="min-w-0">
        <label htmlFor={bookField} className="text-sm font-medium">
          Book
        </label>
        <select
          id={bookField}
          className={select}
          value={bookId ?? ''}
          onChange={(e) => onBook(e.target.value || null)}
        >
          <option value="">All my books</option>
          {data?.books.map((book) => (
            <option key={book.book_id} value={book.book_id}>
              {book.title}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={periodField} className="text-sm font-medium">
          Period
        </label>
        <select
          id={periodField}
          className={select}
          value={days}
          onChange={(e) => onDays(Number(e.target.value))}
        >
          {ANALYTICS_PERIODS.map((n) => (
            <option key={n} value={n}>
              Last {n} days
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** Analytics of the author's books over time, as charts; loaded only when the tab is opened. */
export default function AnalyticsTab({ initialBookId = null }: { initialBookId?: string | null }) {
  const [bookId, setBookId] = useState<string | null>(initialBookId);
  const [days, setDays] = useState<number>(30);
  const { data, error } = useAuthorAnalytics(bookId, days);
  if (error) return <p className="text-sm text-red-600 dark:text-red-400">{error.message}</p>;
  if (!data) return <PageLoading label="Loading analytics..." />;
  if (data.books.length === 0)
    return (
      <EmptyState title="No analytics yet" action={<ButtonLink to={paths.upload}>Upload Book</ButtonLink>}>
        Once you upload a book, its readers, quiz scores, plays and generations are charted here.
      </EmptyState>
    );
  const quiet = data.timeline.every((day) => day.readers === 0 && day.generations === 0);
  return (
    <div className="space-y-4">
      <Filters data={data} bookId={bookId} days={days} onBook={setBookId} onDays={setDays} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Period totals">
        {totals(data.timeline).map((tile) => (
          <div key={tile.label} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{tile.label}</dt>
            <dd className="mt-1 text-xl font-semibold" data-total={tile.label}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      {quiet && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Nothing happened in this period yet: readers, quizzes, plays and generations will show up here as
          they come.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title="Readers and plays" series={READING} data={data.timeline} kind="line" />
        <ChartCard title="Generations and video made" series={MAKING} data={data.timeline} kind="bar" />
        <ChartCard title="Quiz scores" series={QUIZ} data={data.timeline} kind="line" />
      </div>
    </div>
  );
}
