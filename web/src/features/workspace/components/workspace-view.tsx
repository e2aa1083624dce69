import type { BookWithChapters } from '@contracts/books';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BookHeader } from '@/components/book/book-header';
import { EmptyState } from '@/components/ui/card';
import { useChaptersWithVideo } from '../api/chapter-media';
import { usePlotOverview, usePlotStatus } from '../api/plots';
import { useChapterStages, type BookFacts } from '../api/use-chapter-stages';
import { ScriptSelectionContext } from '../api/use-script-selection';
import { createScriptSelection } from '../model/script-selection';
import { chapterOf, SELECT_CHAPTER_PROMPTS, tabOf, WORKSPACE_TABS, type WorkspaceTab } from '../model/tabs';
import { ChapterHeader } from './chapter-header';
import { ChapterSidebar } from './chapter-sidebar';
import { AudioTab, ImagesTab, VideoTab } from './placeholder-tabs';
import { PlotTab } from './plot/plot-tab';
import { ScriptTab, type ScriptActivity } from './script/script-tab';
import { panelId, tabId, WorkspaceTabs } from './workspace-tabs';

/**
 * The entertainment production workspace of a book: header, the five stage tabs with their status
 * dots, and the chapter sidebar. The selected tab and chapter live in the URL (`?tab=&chapter=`),
 * so a reload keeps them; the first chapter is selected when the URL names none.
 */
export function WorkspaceView({ book }: { book: BookWithChapters }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const chapterId = chapterOf(
    params.get('chapter'),
    book.chapters.map((c) => c.id),
  );
  const [store] = useState(() =>
    createScriptSelection(undefined, { chapterId, lastValidChapterId: chapterId }),
  );
  const [narrow, setNarrow] = useState(false);
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

  const setParam = useCallback(
    (key: 'tab' | 'chapter', value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(key, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
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
  const needsChapter = (which: Exclude<WorkspaceTab, 'plot'>, panel: React.ReactNode) =>
    chapter ? panel : <EmptyState title={SELECT_CHAPTER_PROMPTS[which]} />;

  const panels: Record<WorkspaceTab, React.ReactNode> = {
    plot: <PlotTab bookId={book.id} />,
    script: needsChapter(
      'script',
      chapter && <ScriptTab key={chapter.id} chapterId={chapter.id} onActivity={onScriptActivity} />,
    ),
    images: needsChapter('images', <ImagesTab />),
    audio: needsChapter('audio', <AudioTab />),
    video: needsChapter('video', <VideoTab />),
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
      </div>
    </ScriptSelectionContext.Provider>
  );
}
