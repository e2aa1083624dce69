import type { VideoGeneration, VideoProduction } from '@contracts/video';
import { FreeQualityNote } from '@/components/subscription/free-quality-note';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { renderedFacts } from '@/features/workspace/model/video';
import { DownloadMenu } from './download-menu';

/**
 * The Rendered Video card: the final video's facts (from the production's metadata when it describes
 * this film: the format and resolution the export settings made), Reprocess (retry from merge) and
 * the Download menu.
 */
export function RenderedVideoCard({
  generation,
  production,
  busy,
  onReprocess,
}: {
  generation: VideoGeneration;
  production?: VideoProduction | null;
  busy: boolean;
  onReprocess: () => void;
}) {
  const id = generation.video_generation_id ?? generation.id;
  const shown = renderedFacts(generation, production);
  const facts = [
    ['Duration', shown.duration],
    ['Resolution', shown.resolution],
    ['Format', shown.format],
    ['Size', shown.size],
  ] as const;
  return (
    <Card className="p-4" role="region" aria-label="Rendered Video">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Rendered Video</h3>
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="secondary" busy={busy} onClick={onReprocess}>
            Reprocess
          </Button>
          <DownloadMenu
            generationId={id}
            qualities={generation.final_video?.download_qualities ?? []}
            methods={generation.final_video?.download_methods}
          />
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
