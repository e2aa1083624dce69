import type { BookWithChapters } from '@contracts/books';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BookHeader } from '@/components/book/book-header';
import { useChaptersWithVideo } from '../api/chapter-media';
import { usePlotOverview, usePlotStatus } from '../api/plots';
import { useChapterStages, type BookFacts } from '../api/use-chapter-stages';
import { ScriptSelectionContext } from '../api/use-script-selection';
import { createScriptSelection } from '../model/script-selection';
import { chapterOf, tabOf, WORKSPACE_TABS, type WorkspaceTab } from '../model/tabs';
import { ChapterHeader } from './chapter-header';
import { ChapterSidebar, type OpenVideo } from './chapter-sidebar';
import { AudioTab } from './audio/audio-tab';
import { ImagesTab } from './images/images-tab';
import { VideoModal } from './video/video-modal';
import { VideoTab, type MergeStudioSlot } from './video/video-tab';

export type { MergeStudioSlot };
import { PlotTab } from './plot/plot-tab';
import { ScriptTab, type ScriptActivity } from './script/script-tab';
import { panelId, tabId, WorkspaceTabs } from './workspace-tabs';

/**
 * The entertainment production workspace of a book: header, the five stage tabs with their status
 * dots, and the chapter sidebar. The selected tab and chapter live in the URL (`?tab=&chapter=`),
 * so a reload keeps them; the first chapter is selected when the URL names none.
 */
export function WorkspaceView({
  book,
  mergeStudio,
}: {
  book: BookWithChapters;
  /** The Video tab's Merge studio, composed in by the page. */
  mergeStudio?: MergeStudioSlot;
}) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const chapterId = chapterOf(
    params.get('chapter'),
    book.chapters.map((c) => c.id),
  );
  const [store] = useState(() =>
    createScriptSelection(undefined, {
      chapterId,
      lastValidChapterId: chapterId,
      // The script the URL names stays selected if the chapter has it (else its first is).
      scriptId: params.get('script'),
    }),
  );
  const [narrow, setNarrow] = useState(false);
  const [shownVideo, setShownVideo] = useState<Parameters<OpenVideo> | null>(null);
  const [scriptActivity, setScriptActivity] = useState<Record<string, 'generating' | 'error'>>({});
  const { data: plot } = usePlotOverview(book.id);
  const { data: plotJob } = usePlotStatus(book.id);
  const { data: chaptersWithVideo } = useChaptersWithVideo(book.id);

  const facts: BookFacts = {
    hasPlot: Boolean(plot),
    plotGenerating: plotJob?.status === 'processing',
    plotFailed: plotJob?.status === 'failed',
    chaptersWithVideo,
    scriptActivity,
  };

  const stages = useChapterStages(chapterId, facts);

  // Several parameters can change in one event (a chapter, and with it the script): each change
  // builds on the previous one, not on the parameters of the last render.
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);
  const setParam = useCallback(
    (key: 'tab' | 'chapter' | 'script', value: string | null) => {
      const next = new URLSearchParams(latestParams.current);
      if (value) next.set(key, value);
      else next.delete(key);
      latestParams.current = next;
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  // The selected script is in the URL too, so a reload opens it again.
  useEffect(() => {
    let shown = store.getState().scriptId;
    return store.subscribe((state) => {
      if (state.scriptId === shown) return;
      shown = state.scriptId;
      setParam('script', state.scriptId);
    });
  }, [store, setParam]);
  const selectTab = (next: WorkspaceTab) => setParam('tab', next);
  const selectChapter = (id: string) => {
    store.selectChapter(id);
    setParam('chapter', id);
  };
  const onScriptActivity = useCallback((chapter: string, activity: ScriptActivity) => {
    setScriptActivity((current) => {
      const next = { ...current };
      if (activity) next[chapter] = activity;
      else delete next[chapter];
      return next;
    });
  }, []);

  const chapter = book.chapters.find((c) => c.id === chapterId);
  const panels: Record<WorkspaceTab, React.ReactNode> = {
    plot: <PlotTab bookId={book.id} />,
    script: <ScriptTab key={chapter?.id} chapter={chapter ?? null} onActivity={onScriptActivity} />,
    images: <ImagesTab bookId={book.id} chapter={chapter ?? null} />,
    audio: <AudioTab bookId={book.id} chapter={chapter ?? null} />,
    video: <VideoTab chapter={chapter ?? null} mergeStudio={mergeStudio} />,
  };

  return (
    <ScriptSelectionContext.Provider value={store}>
      <div className="space-y-6">
        <BookHeader book={book} badge="Entertainment Production" />
        <div className="flex flex-col gap-6 lg:flex-row-reverse lg:items-start">
          <ChapterSidebar
            chapters={book.chapters}
            total={book.total_chapters}
            selectedId={chapterId}
            narrow={narrow}
            onToggle={() => setNarrow((v) => !v)}
            onSelect={selectChapter}
            onOpenVideo={(c, generation) => setShownVideo([c, generation])}
            facts={facts}
          />
          <div className="min-w-0 flex-1 space-y-4">
            {chapter && <ChapterHeader key={chapter.id} chapter={chapter} />}
            <WorkspaceTabs active={tab} stages={stages} onChange={selectTab} />
            {WORKSPACE_TABS.map((t) => (
              <div
                key={t}
                role="tabpanel"
                id={panelId(t)}
                aria-labelledby={tabId(t)}
                hidden={t !== tab}
                tabIndex={0}
                className="focus-visible:outline-offset-4"
              >
                {panels[t]}
              </div>
            ))}
          </div>
        </div>
        <VideoModal
          generation={shownVideo?.[1] ?? null}
          title={shownVideo ? `${shownVideo[0].title}: video` : 'Video'}
          onClose={() => setShownVideo(null)}
        />
      </div>
    </ScriptSelectionContext.Provider>
  );
}
