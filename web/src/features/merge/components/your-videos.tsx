import { MERGE_LIMITS } from '@contracts/merge';
import { Button } from '@/components/ui/button';
import { clock, fileSize, type InputItem, type OfferedVideo } from '../model/files';

/** Videos the user already has, each added to the inputs with one click. */
export function YourVideos({
  videos,
  items,
  onAdd,
}: {
  videos: OfferedVideo[];
  items: InputItem[];
  onAdd: (video: OfferedVideo) => void;
}) {
  if (videos.length === 0) return null;
  const full = items.length >= MERGE_LIMITS.maxFiles;
  return (
    <section aria-labelledby="your-videos" className="space-y-2">
      <h3 id="your-videos" className="text-sm font-medium">
        Your videos
      </h3>
      <ul className="space-y-1">
        {videos.map((video) => {
          const added = items.some((i) => i.url === video.url);
          return (
            <li
              key={video.url}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
            >
              <span className="min-w-0 flex-1 truncate font-medium" title={video.name}>
                {video.name}
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {[video.origin, clock(video.duration), video.size ? fileSize(video.size) : '']
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={added || full}
                aria-label={added ? `${video.name} is added` : `Add ${video.name}`}
                onClick={() => onAdd(video)}
              >
                {added ? 'Added' : 'Add'}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
