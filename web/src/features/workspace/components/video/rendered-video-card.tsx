import type { VideoGeneration } from '@contracts/video';
import { FreeQualityNote } from '@/components/subscription/free-quality-note';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { megabytes } from '@/features/workspace/model/video';
import { DownloadMenu } from './download-menu';

/** The Rendered Video card: the final video's facts, Reprocess (retry from merge) and the Download menu. */
export function RenderedVideoCard({
  generation,
  busy,
  onReprocess,
}: {
  generation: VideoGeneration;
  busy: boolean;
  onReprocess: () => void;
}) {
  const video = generation.final_video;
  const id = generation.video_generation_id ?? generation.id;
  const facts = [
    ['Duration', `${(video?.duration ?? generation.merge_progress?.total_duration ?? 0).toFixed(1)}s`],
    ['Resolution', video?.resolution ?? '—'],
    ['Format', (video?.format ?? 'mp4').toUpperCase()],
    ['Size', `${megabytes(video?.file_size_bytes)} MB`],
  ] as const;
  return (
    <Card className="p-4" role="region" aria-label="Rendered Video">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Rendered Video</h3>
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="secondary" busy={busy} onClick={onReprocess}>
            Reprocess
          </Button>
          <DownloadMenu generationId={id} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <FreeQualityNote className="mt-2" />
    </Card>
  );
}
