import type { Chapter } from '@contracts/books';
import type { LearningContentItem, LearningContentType, TutorialStyle } from '@contracts/learning';
import { TUTORIAL_STYLES } from '@contracts/learning';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import {
  refreshContent,
  startNarration,
  startRealisticVideo,
  useChapterContent,
  useVideoAvatars,
  useVoices,
} from '../api/learning';
import { mediaUrlOf, useLearningJob, type JobState } from '../api/use-learning-job';
import { AudioIcon, VideoIcon } from './icons';
import { JobStatus, type JobWording } from './job-status';
import { MediaPlayers } from './media-players';
import { notifyVideoLimit } from '@/components/subscription/video-limit';
import { refreshSubscription } from '@/lib/data/subscriptions';
import { VoiceOptions } from '@/components/voice/voice-options';

const TUTORIAL_STYLE_LABELS: Record<TutorialStyle, string> = {
  udemy: 'Udemy-style lecture',
  whiteboard: 'Whiteboard',
  minimal: 'Minimal',
};

const NARRATION_WORDING: JobWording = {
  label: 'Audio narration',
  subject: 'narration',
  failed: 'Failed to generate audio narration',
  timeout: 'Audio narration is taking longer than expected',
  noDownload: 'Failed to generate audio narration',
};
const VIDEO_WORDING: JobWording = {
  label: 'Realistic video',
  subject: 'video',
  failed: 'Video generation failed',
  timeout: 'Video generation timed out',
  noDownload: 'Video completed but no downloadable URL found',
};

const newestFirst = (a: LearningContentItem, b: LearningContentItem) =>
  b.created_at.localeCompare(a.created_at);

/** The newest item of a type that is still being generated or failed after the last ready one. */
const pendingItem = (items: LearningContentItem[] | undefined, type: LearningContentType) =>
  items?.filter((i) => i.content_type === type && i.status !== 'ready').sort(newestFirst)[0];

/** A failed generation found on load is shown like one that failed while watching. */
function shownState(state: JobState, pending: LearningContentItem | undefined): JobState {
  if (state.phase !== 'idle' || pending?.status !== 'failed') return state;
  return { ...state, phase: 'failed', error: pending.error_message ?? null };
}

/**
 * Generation and playback for one chapter. Mounted per chapter, so switching chapters stops the
 * polling of the previous one; coming back resumes it from the chapter's content list.
 */
export function ChapterLearning({
  bookId,
  chapter,
  language,
}: {
  bookId: string;
  chapter: Chapter;
  /** The book's language: its voices are listed first. */
  language: string;
}) {
  const { data: items, error: loadError, mutate: reloadItems } = useChapterContent(chapter.id);
  const { data: voices } = useVoices();
  const { data: avatars, isLoading: avatarsLoading } = useVideoAvatars();
  const [voice, setVoice] = useState('');
  const [avatarId, setAvatarId] = useState('');
  const [tutorialStyle, setTutorialStyle] = useState<TutorialStyle>('udemy');
  const hostedUrl = paths.bookChapter(bookId, chapter.id);

  const narration = useLearningJob('audio_narration', {
    onReady: () => {
      toast.success('Audio narration generated successfully!');
      void refreshContent(bookId, chapter.id);
    },
    onNoDownload: () => toast.error('Failed to generate audio narration'),
    onFailed: () => toast.error('Failed to generate audio narration'),
    onStartFailed: () => toast.error('Failed to generate audio narration'),
    onCheckError: () => toast.error('Error checking video status', { id: `check-${chapter.id}` }),
  });
  const video = useLearningJob('realistic_video', {
    onReady: () => {
      toast.success('Realistic video generated successfully!');
      void refreshContent(bookId, chapter.id);
      void refreshSubscription();
    },
    onNoDownload: () => toast.error('Video completed but no downloadable URL found'),
    onFailed: (message) => toast.error(message || 'Video generation failed'),
    onStartFailed: (error) => notifyVideoLimit(error) || toast.error('Failed to generate realistic video'),
    onSlow: () => toast('Video generation is taking longer than expected'),
    onTimeout: () => toast.error('Video generation timed out'),
    onCheckError: () => toast.error('Error checking video status', { id: `check-${chapter.id}` }),
  });

  // A generation that was running when the page was opened is followed from where it is.
  const pendingAudio = pendingItem(items, 'audio_narration');
  const pendingVideo = pendingItem(items, 'realistic_video');
  const resumed = useRef(false);
  const { resume: resumeNarration, state: narrationJob } = narration;
  const { resume: resumeVideo, state: videoJob } = video;
  useEffect(() => {
    if (resumed.current || !items) return;
    resumed.current = true;
    // A generation started here before the list arrived is already being followed.
    if (pendingAudio?.status === 'processing' && narrationJob.phase === 'idle') resumeNarration(pendingAudio);
    if (pendingVideo?.status === 'processing' && videoJob.phase === 'idle') resumeVideo(pendingVideo);
  }, [items, pendingAudio, pendingVideo, resumeNarration, resumeVideo, narrationJob.phase, videoJob.phase]);

  const narrationState = shownState(narration.state, pendingAudio);
  const videoState = shownState(video.state, pendingVideo);
  const selectedAvatar = avatars?.find((a) => a.id === avatarId) ?? avatars?.[0];

  // Right after a job is ready its URL is known before the content list has been fetched again.
  const justMade = [narration.state, video.state]
    .filter((s) => s.phase === 'ready' && s.job && mediaUrlOf(s.job))
    .map((s) => s.job!);

  return (
    <>
      <Card className="p-6" role="region" aria-labelledby="generate-heading">
        <h2 id="generate-heading" className="text-lg font-semibold">
          Generate Learning Content
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Turn &ldquo;{chapter.title}&rdquo; into a narration to listen to or a video lesson with a presenter.
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="narration-heading" className="flex flex-col gap-3">
            <h3 id="narration-heading" className="flex items-center gap-2 font-medium">
              <AudioIcon className="h-5 w-5 text-brand-600" /> Narration
            </h3>
            <SelectField
              label="Narrator voice"
              value={voice}
              onChange={(e) => setVoice(e.target.value)}
              disabled={narration.busy}
            >
              <option value="">Default voice</option>
              <VoiceOptions voices={voices ?? []} language={language} />
            </SelectField>
            <Button
              className="mt-auto"
              busy={narration.state.phase === 'starting'}
              disabled={narration.busy}
              onClick={() => void narration.start(() => startNarration(chapter.id, voice || undefined))}
            >
              Audio Narration
            </Button>
            <JobStatus
              state={narrationState}
              wording={NARRATION_WORDING}
              hostedUrl={narration.state.job?.hosted_url ?? hostedUrl}
            />
          </section>

          <section aria-labelledby="video-heading" className="flex flex-col gap-3">
            <h3 id="video-heading" className="flex items-center gap-2 font-medium">
              <VideoIcon className="h-5 w-5 text-brand-600" /> Video lesson
            </h3>
            <div className="flex gap-3">
              <div className="h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
                {selectedAvatar?.preview_url && (
                  <img
                    src={selectedAvatar.preview_url}
                    alt={`${selectedAvatar.name}, presenter`}
                    className="h-full w-full object-cover"
                  />
                )}
              </div>
              <SelectField
                className="min-w-0 flex-1"
                label="Presenter"
                value={selectedAvatar?.id ?? ''}
                onChange={(e) => setAvatarId(e.target.value)}
                disabled={video.busy || !avatars?.length}
                hint={avatarsLoading ? 'Loading presenters…' : selectedAvatar?.description}
              >
                {!avatars?.length && <option value="">Default presenter</option>}
                {avatars?.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <SelectField
              label="Tutorial style"
              value={tutorialStyle}
              onChange={(e) => setTutorialStyle(e.target.value as TutorialStyle)}
              disabled={video.busy}
            >
              {TUTORIAL_STYLES.map((style) => (
                <option key={style} value={style}>
                  {TUTORIAL_STYLE_LABELS[style]}
                </option>
              ))}
            </SelectField>
            <Button
              className="mt-auto"
              busy={video.state.phase === 'starting'}
              disabled={video.busy}
              onClick={() =>
                void video.start(() =>
                  startRealisticVideo(chapter.id, { avatarId: selectedAvatar?.id, tutorialStyle }),
                )
              }
            >
              Realistic Video
            </Button>
            <JobStatus
              state={videoState}
              wording={VIDEO_WORDING}
              hostedUrl={video.state.job?.hosted_url ?? hostedUrl}
            />
          </section>
        </div>
      </Card>

      <MediaPlayers
        bookId={bookId}
        chapterId={chapter.id}
        items={items}
        justMade={justMade}
        loadError={loadError ? 'Failed to load learning content' : null}
        reload={() => reloadItems()}
      />
    </>
  );
}
