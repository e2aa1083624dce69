import type { Chapter } from '@contracts/books';
import type { VideoGeneration } from '@contracts/video';
import { ProgressBar } from '@/components/ui/card';
import { useChapterStages, useChapterVideo, type BookFacts } from '../api/use-chapter-stages';
import { completedStages, STAGE_STATUS_LABELS, STAGES, stageProgress } from '../model/stages';
import { TAB_LABELS } from '../model/tabs';
import { StatusDot } from './status-dot';

/** Opens the modal with a chapter's generated video. */
export type OpenVideo = (chapter: Chapter, generation: VideoGeneration) => void;

/**
 * The green dot of a chapter with a video: a button that opens the video when a finished
 * generation has it, else a mark. It sits beside the chapter's button, not inside it.
 */
function VideoMark({
  chapter,
  has,
  generation,
  onOpen,
  className,
}: {
  chapter: Chapter;
  has: boolean;
  generation: VideoGeneration | undefined;
  onOpen: OpenVideo;
  className: string;
}) {
  if (!has) return null;
  if (!generation)
    return (
      <span className={className} title="Has a video">
        <span className="block h-2 w-2 rounded-full bg-green-500" aria-hidden="true" />
        <span className="sr-only">Has a video</span>
      </span>
    );
  return (
    <button
      type="button"
      title="Play the video"
      aria-label={`Play the video of chapter ${chapter.chapter_number}`}
      onClick={() => onOpen(chapter, generation)}
      className={`${className} rounded-full p-1 hover:bg-green-100 dark:hover:bg-green-900/40`}
    >
      <span className="block h-2 w-2 rounded-full bg-green-500" aria-hidden="true" />
    </button>
  );
}

function ChapterRow({
  chapter,
  selected,
  narrow,
  facts,
  onSelect,
  onOpenVideo,
}: {
  chapter: Chapter;
  selected: boolean;
  narrow: boolean;
  facts: BookFacts;
  onSelect: (id: string) => void;
  onOpenVideo: OpenVideo;
}) {
  const stages = useChapterStages(chapter.id, facts);
  const done = completedStages(stages);
  const video = useChapterVideo(chapter.id, facts);
  const mark = (className: string) => (
    <VideoMark
      chapter={chapter}
      has={video.hasVideo}
      generation={video.finished}
      onOpen={onOpenVideo}
      className={className}
    />
  );
  const current = selected
    ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-500/40 dark:bg-brand-600/20 dark:text-brand-100'
    : 'hover:bg-slate-100 dark:hover:bg-slate-800';
  if (narrow) {
    return (
      <li className="relative">
        <button
          type="button"
          aria-current={selected ? 'true' : undefined}
          aria-label={`Chapter ${chapter.chapter_number}: ${chapter.title}, ${done} of ${STAGES.length} stages completed`}
          title={chapter.title}
          onClick={() => onSelect(chapter.id)}
          className={`relative flex h-10 w-10 items-center justify-center rounded-lg text-sm font-semibold ${current}`}
        >
          {chapter.chapter_number}
        </button>
        {mark('absolute -right-0.5 -top-0.5 inline-flex')}
      </li>
    );
  }
  return (
    <li className="relative">
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(chapter.id)}
        className={`w-full rounded-lg px-3 py-2 text-left text-sm ${current}`}
      >
        <span className="flex items-start justify-between gap-2 pr-5">
          <span className="min-w-0 font-medium">{chapter.title}</span>
        </span>
        <span className="mt-0.5 flex items-center justify-between text-xs text-slate-500 dark:text-slate-400">
          <span>Chapter {chapter.chapter_number}</span>
          <span>
            {done}/{STAGES.length} stages
          </span>
        </span>
        <ProgressBar
          value={stageProgress(stages)}
          label={`Chapter ${chapter.chapter_number} progress`}
          className="mt-1.5 h-1.5"
        />
        <span className="mt-1.5 flex items-center gap-2" data-testid="chapter-stage-dots">
          {STAGES.map((stage) => (
            <span
              key={stage}
              data-stage={stage}
              title={`${TAB_LABELS[stage]}: ${STAGE_STATUS_LABELS[stages[stage]]}`}
              className="inline-flex scale-75 items-center"
            >
              <span className="sr-only">{TAB_LABELS[stage]}</span>
              <StatusDot status={stages[stage]} />
            </span>
          ))}
        </span>
      </button>
      {mark('absolute right-2 top-2 inline-flex')}
    </li>
  );
}

/**
 * The chapter list of the workspace: wide (titles and progress) or narrow (numbers), on the right on
 * large screens and above the panel on small ones.
 */
export function ChapterSidebar({
  chapters,
  total,
  selectedId,
  narrow,
  onToggle,
  onSelect,
  onOpenVideo,
  facts,
}: {
  chapters: Chapter[];
  total: number;
  selectedId: string | null;
  narrow: boolean;
  onToggle: () => void;
  onSelect: (id: string) => void;
  onOpenVideo: OpenVideo;
  facts: BookFacts;
}) {
  return (
    <aside
      aria-label="Chapters"
      className={`w-full rounded-2xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-20 lg:shrink-0 dark:border-slate-800 dark:bg-slate-900 ${
        narrow ? 'lg:w-[4.5rem]' : 'lg:w-72'
      }`}
    >
      <div className={`mb-2 flex items-center gap-2 ${narrow ? 'lg:flex-col' : 'justify-between'}`}>
        <h2 className={`font-semibold ${narrow ? 'lg:sr-only' : ''}`}>Chapters ({total})</h2>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!narrow}
          aria-label={narrow ? 'Expand chapter list' : 'Collapse chapter list'}
          className="ml-auto rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 lg:ml-0 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <svg viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            {narrow ? (
              <path d="M12.5 5l-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <path d="M7.5 5l5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
            )}
          </svg>
        </button>
      </div>
      {chapters.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">This book has no chapters yet.</p>
      ) : (
        <ol
          className={
            narrow
              ? 'flex flex-wrap gap-1 lg:max-h-[calc(100vh-10rem)] lg:flex-col lg:flex-nowrap lg:items-center lg:overflow-y-auto'
              : 'max-h-64 space-y-1 overflow-y-auto lg:max-h-[calc(100vh-10rem)]'
          }
        >
          {chapters.map((chapter) => (
            <ChapterRow
              key={chapter.id}
              chapter={chapter}
              selected={chapter.id === selectedId}
              narrow={narrow}
              facts={facts}
              onSelect={onSelect}
              onOpenVideo={onOpenVideo}
            />
          ))}
        </ol>
      )}
    </aside>
  );
}
