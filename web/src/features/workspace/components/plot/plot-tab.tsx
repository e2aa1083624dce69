import type { PlotGenerationJob, PlotOverview } from '@contracts/plots';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { mutate } from 'swr';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ProgressBar } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import {
  plotKeys,
  refreshPlot,
  startPlotGeneration,
  usePlotOverview,
  usePlotStatus,
} from '@/features/workspace/api/plots';
import { storyTypeLabel } from '@/features/workspace/model/labels';
import { CharactersPanel } from './characters-panel';

function OverviewFields({ plot }: { plot: PlotOverview }) {
  const fields: [string, string][] = [
    ['Genre', plot.genre],
    ['Tone', plot.tone],
    ['Audience', plot.audience],
    ['Setting', plot.setting],
    ['Script story type', storyTypeLabel(plot.script_story_type)],
    ['Story type', storyTypeLabel(plot.story_type)],
  ];
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-medium text-slate-500 dark:text-slate-400">Logline</h3>
        <p className="mt-1 text-lg">{plot.logline || '—'}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5">{value || '—'}</dd>
          </div>
        ))}
        <div className="sm:col-span-2 lg:col-span-3">
          <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Themes</dt>
          <dd className="mt-1 flex flex-wrap gap-2">
            {plot.themes.length ? plot.themes.map((theme) => <Badge key={theme}>{theme}</Badge>) : '—'}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * Follows the book's plot generation: says when one watched here ends, and reloads the overview.
 * The status route is polled every 2 s while a generation runs (see usePlotStatus), so a generation
 * already running when the page opened is followed too.
 */
function usePlotGenerationEvents(bookId: string, job: PlotGenerationJob | null | undefined) {
  const previous = useRef<PlotGenerationJob['status'] | null | undefined>(undefined);
  useEffect(() => {
    const was = previous.current;
    previous.current = job?.status ?? null;
    if (was !== 'processing' || !job || job.status === 'processing') return;
    if (job.status === 'ready') {
      toast.success('Plot overview generated successfully!');
      void mutate(plotKeys.overview(bookId));
    } else {
      toast.error('Failed to generate plot overview');
    }
  }, [bookId, job]);
}

/** The Plot tab (Plot Overview panel): the book's overview and its characters. */
export function PlotTab({ bookId }: { bookId: string }) {
  const { data: plot, error, isLoading, mutate: reloadOverview } = usePlotOverview(bookId);
  const { data: job } = usePlotStatus(bookId);
  const [starting, setStarting] = useState(false);
  usePlotGenerationEvents(bookId, job);
  useEffect(() => {
    if (error) toast.error('Failed to load plot');
  }, [error]);

  const generating = job?.status === 'processing';
  const generate = async () => {
    setStarting(true);
    try {
      const started = await startPlotGeneration(bookId);
      await mutate(plotKeys.status(bookId), started, { revalidate: false });
    } catch {
      toast.error('Failed to generate plot overview');
    } finally {
      setStarting(false);
    }
  };

  if (isLoading) return <PageLoading label="Loading plot..." />;

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold">Plot Overview</h2>
          <Button onClick={() => void generate()} busy={starting || generating}>
            {plot ? 'Regenerate Plot' : 'Generate Plot'}
          </Button>
        </div>
        {generating && (
          <div className="mt-4" aria-live="polite">
            <p className="mb-1 text-sm text-slate-600 dark:text-slate-400">
              {job.step || 'Generating the plot overview'} · {Math.round(job.progress)}%
            </p>
            <ProgressBar value={job.progress} label="Plot generation progress" />
          </div>
        )}
        {job?.status === 'failed' && !generating && (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
            {job.error_message || 'Failed to generate plot overview'}
          </p>
        )}
        <div className="mt-6">
          {plot ? (
            <OverviewFields plot={plot} />
          ) : error ? (
            <EmptyState
              title="Failed to load plot"
              action={<Button onClick={() => void refreshPlot(bookId)}>Try again</Button>}
            />
          ) : (
            <EmptyState title="No plot overview yet">
              Generate the plot to find the book's logline, genre, themes and characters.
            </EmptyState>
          )}
        </div>
      </Card>
      {plot && (
        <Card className="p-6">
          <CharactersPanel plot={plot} onChanged={() => reloadOverview()} />
        </Card>
      )}
    </div>
  );
}
