import type { LearningContentType } from '@contracts/learning';
import { AudioIcon, VideoIcon } from './icons';

/** The chapter-list mark of generated content: a green dot and an audio and/or video icon. */
export function ContentMarks({ types }: { types: LearningContentType[] | undefined }) {
  if (!types?.length) return null;
  const audio = types.includes('audio_narration');
  const video = types.some((t) => t !== 'audio_narration');
  const label = [audio && 'audio narration', video && 'video'].filter(Boolean).join(' and ');
  return (
    <span className="ml-auto flex shrink-0 items-center gap-1 pt-0.5 text-green-600 dark:text-green-400">
      <span className="h-2 w-2 rounded-full bg-green-500" aria-hidden="true" />
      {video && <VideoIcon className="h-4 w-4" />}
      {audio && <AudioIcon className="h-4 w-4" />}
      <span className="sr-only">Has {label}</span>
    </span>
  );
}
