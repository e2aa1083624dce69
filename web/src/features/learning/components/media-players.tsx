import type {
  ChapterMark,
  LearningContentItem,
  LearningContentType,
  LearningJob,
  ProgressEventType,
} from '@contracts/learning';
import { useRef, useState, type Ref, type SyntheticEvent } from 'react';
import { Card } from '@/components/ui/card';
import { recordProgress } from '../api/learning';
import { mediaUrlOf } from '../api/use-learning-job';
import { ChapterMarks } from './chapter-marks';
import { AudioIcon, VideoIcon } from './icons';
import { FreeQualityNote } from '@/components/subscription/free-quality-note';

interface Media {
  url: string;
  poster: string | null;
  duration: number | null;
  /** The narration's chapter marks (none for videos and older narrations). */
  marks: ChapterMark[];
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);

function latestMedia(
  type: LearningContentType,
  items: LearningContentItem[] | undefined,
  justMade: LearningJob[],
): Media | null {
  const job = justMade.find((j) => j.content_type === type);
  const item = items
    ?.filter((i) => i.content_type === type && i.status === 'ready' && i.content_url)
    .sort(newestFirst)[0];
  if (job && (!item || job.created_at >= item.created_at))
    return {
      url: mediaUrlOf(job)!,
      poster: job.thumbnail_url,
      duration: job.duration,
      marks: job.chapter_marks ?? [],
    };
  return item
    ? {
        url: item.content_url!,
        poster: item.thumbnail_url ?? null,
        duration: item.duration,
        marks: item.chapter_marks ?? [],
      }
    : null;
}

const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

function DurationNote({ media }: { media: Media | null }) {
  if (!media?.duration) return null;
  return (
    <span className="font-normal text-slate-500 dark:text-slate-400">· {formatDuration(media.duration)}</span>
  );
}

/**
 * The narration with its chapters listed under it: choosing one seeks there and plays; the one
 * being heard is highlighted as the audio plays.
 */
export function NarrationPlayer({
  media,
  onEnded,
  onError,
}: {
  media: Media;
  onEnded: (e: SyntheticEvent<HTMLMediaElement>) => void;
  onError: () => void;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
    // Playback may be refused (autoplay rules): the position is still moved.
    audio.play()?.catch(() => undefined);
  };
  return (
    <>
      <audio
        ref={audioRef}
        key={media.url}
        src={media.url}
        controls
        preload="metadata"
        aria-label="Audio narration"
        className="mt-2 w-full"
        onEnded={onEnded}
        onError={onError}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onSeeked={(e) => setTime(e.currentTarget.currentTime)}
      />
      <ChapterMarks marks={media.marks} currentTime={time} onSeek={seek} />
    </>
  );
}

/** A seekable video with its poster; keyed by URL so a new video replaces the old element. */
function VideoPlayer({
  media,
  label,
  onEnded,
  onError,
  ref,
}: {
  media: Media;
  label: string;
  onEnded: (e: SyntheticEvent<HTMLMediaElement>) => void;
  onError: () => void;
  ref?: Ref<HTMLVideoElement>;
}) {
  return (
    <video
      ref={ref}
      key={media.url}
      src={media.url}
      poster={media.poster ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      className="mt-2 aspect-video w-full rounded-xl bg-black"
      onEnded={onEnded}
      onError={onError}
    />
  );
}

/**
 * The chapter's narration and video players. Media are served with HTTP ranges, so both can be
 * sought; finishing one records the listening or watching time.
 */
export function MediaPlayers({
  bookId,
  chapterId,
  items,
  justMade,
  loadError,
  reload,
}: {
  bookId: string;
  chapterId: string;
  items: LearningContentItem[] | undefined;
  justMade: LearningJob[];
  loadError: string | null;
  reload: () => Promise<LearningContentItem[] | undefined>;
}) {
  const audio = latestMedia('audio_narration', items, justMade);
  const video = latestMedia('realistic_video', items, justMade);
  const chapterVideo = latestMedia('chapter_video', items, justMade);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [loadingVideo, setLoadingVideo] = useState(false);
  const [videoMessage, setVideoMessage] = useState<string | null>(null);
  const refreshed = useRef(new Set<string>());

  /**
   * Media URLs are signed for a few hours. A player left open longer fails on its next range
   * request: the chapter's content is fetched again (once per URL), which brings fresh URLs.
   */
  const refreshUrls = (url: string) => {
    if (refreshed.current.has(url)) return;
    refreshed.current.add(url);
    reload().catch(() => undefined);
  };

  const finished = (event: ProgressEventType, media: Media) => (e: SyntheticEvent<HTMLMediaElement>) => {
    const played = Number.isFinite(e.currentTarget.duration)
      ? e.currentTarget.duration
      : (media.duration ?? 0);
    // Progress is a side effect of watching: a failure must not interrupt the learner.
    recordProgress(bookId, chapterId, event, played).catch(() => undefined);
  };

  /** Fetches the chapter's content again and (re)loads its newest video into the player. */
  const loadVideo = async () => {
    setLoadingVideo(true);
    setVideoMessage(null);
    try {
      const fresh = await reload();
      const found =
        latestMedia('realistic_video', fresh, justMade) ?? latestMedia('chapter_video', fresh, justMade);
      if (!found) setVideoMessage('No video has been generated for this chapter yet.');
      else videoRef.current?.load();
    } catch {
      setVideoMessage('Failed to load learning content');
    } finally {
      setLoadingVideo(false);
    }
  };

  return (
    <Card className="p-6" role="region" aria-labelledby="players-heading">
      <h2 id="players-heading" className="text-lg font-semibold">
        Listen and watch
      </h2>
      {loadError && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{loadError}</p>}
      <div className="mt-4 space-y-6">
        <section aria-labelledby="audio-player-heading">
          <h3 id="audio-player-heading" className="flex items-center gap-2 text-sm font-medium">
            <AudioIcon /> Audio narration
            <DurationNote media={audio} />
          </h3>
          {audio ? (
            <NarrationPlayer
              key={audio.url}
              media={audio}
              onEnded={finished('narration_finished', audio)}
              onError={() => refreshUrls(audio.url)}
            />
          ) : (
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
              {items ? 'No narration yet. Click Audio Narration above to create one.' : 'Loading...'}
            </p>
          )}
        </section>

        <section aria-labelledby="video-player-heading">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="video-player-heading" className="flex items-center gap-2 text-sm font-medium">
              <VideoIcon /> Realistic video
              <DurationNote media={video} />
            </h3>
            <button
              type="button"
              onClick={() => void loadVideo()}
              disabled={loadingVideo}
              className="text-sm font-medium text-brand-600 underline-offset-2 hover:underline disabled:opacity-60 dark:text-brand-100"
            >
              {loadingVideo ? 'Loading...' : 'Load Video'}
            </button>
          </div>
          {video ? (
            <VideoPlayer
              ref={videoRef}
              media={video}
              label="Realistic video"
              onEnded={finished('video_finished', video)}
              onError={() => refreshUrls(video.url)}
            />
          ) : (
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
              {items ? 'No video yet. Choose a presenter and click Realistic Video above.' : 'Loading...'}
            </p>
          )}
          {video && <FreeQualityNote className="mt-2" />}
          {videoMessage && (
            <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {videoMessage}
            </p>
          )}
        </section>

        {chapterVideo && (
          <section aria-labelledby="chapter-video-heading">
            <h3 id="chapter-video-heading" className="flex items-center gap-2 text-sm font-medium">
              <VideoIcon /> Chapter video
            </h3>
            <VideoPlayer
              media={chapterVideo}
              label="Chapter video"
              onEnded={finished('video_finished', chapterVideo)}
              onError={() => refreshUrls(chapterVideo.url)}
            />
            <FreeQualityNote className="mt-2" />
          </section>
        )}
      </div>
    </Card>
  );
}
