import { useChapterScripts } from './scripts';
import { useChapterAudio, useChapterImages } from './chapter-media';
import { chapterStages, type ChapterStages } from '../model/stages';
import { latestFinished, videoStage } from '../model/video';
import { useChapterVideoGenerations } from './video';

/** What is book-wide or only known to the workspace's own screens (a generation under way here). */
export interface BookFacts {
  hasPlot: boolean;
  plotGenerating: boolean;
  plotFailed: boolean;
  chaptersWithVideo: ReadonlySet<string> | undefined;
  /** Script generations under way ('generating') or failed ('error') here, per chapter id. */
  scriptActivity: Readonly<Record<string, 'generating' | 'error'>>;
}

/**
 * The chapter's video from its generations: the stage (generating while the newest runs, error when
 * it failed, completed with a finished film), whether it has a video (a finished generation, or a
 * chapter video among the book's content), and the newest finished generation.
 */
export function useChapterVideo(chapterId: string | null, book: Pick<BookFacts, 'chaptersWithVideo'>) {
  const { data: generations } = useChapterVideoGenerations(chapterId);
  const finished = latestFinished(generations);
  return {
    stage: videoStage(generations),
    hasVideo: Boolean(finished) || (chapterId ? (book.chaptersWithVideo?.has(chapterId) ?? false) : false),
    finished,
  };
}

/** The five stages of one chapter (none selected: only the book-wide plot) from the routes that say what it has. */
export function useChapterStages(chapterId: string | null, book: BookFacts): ChapterStages {
  const { data: scripts } = useChapterScripts(chapterId);
  const { data: images } = useChapterImages(chapterId);
  const { data: audio } = useChapterAudio(chapterId);
  const video = useChapterVideo(chapterId, book);
  const activity = chapterId ? book.scriptActivity[chapterId] : undefined;
  return chapterStages({
    hasPlot: book.hasPlot,
    plotGenerating: book.plotGenerating,
    plotFailed: book.plotFailed,
    scriptCount: scripts?.length,
    scriptGenerating: activity === 'generating',
    scriptFailed: activity === 'error',
    images,
    audio,
    hasVideo: video.hasVideo,
    videoStage: video.stage,
  });
}
