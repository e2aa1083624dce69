import type { Chapter } from '@contracts/books';
import type { ScriptJob } from '@contracts/model-jobs';
import type { Script, ScriptStatus } from '@contracts/scripts';
import type { GenerateScriptRequest } from '@contracts/script-requests';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Card, EmptyState } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { MODEL_JOB_SCHEDULE } from '@/lib/job-status';
import { useJobList, useJobStatus } from '@/lib/use-job-status';
import {
  checkScriptJob,
  deleteScript,
  downloadScript,
  generateScript,
  redoScene,
  reloadChapterScripts,
  updateScript,
  useChapterScripts,
} from '@/features/workspace/api/scripts';
import { useScriptSelection } from '@/features/workspace/api/use-script-selection';
import { ConfirmDialog } from '@/features/workspace/components/confirm-dialog';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';
import { ScriptCard } from './script-card';
import { ScriptDetail } from './script-detail';
import { ScriptForm } from './script-form';

export type ScriptActivity = 'generating' | 'error' | null;

/** The Script tab for the selected chapter: the generation form, its scripts and the selected one. */
export function ScriptTab({
  chapter,
  onActivity,
}: {
  chapter: Chapter | null;
  /** A generation started here, failed here, or is over (null). */
  onActivity: (chapterId: string, activity: ScriptActivity) => void;
}) {
  if (!chapter) return <SelectChapterPrompt tab="script" />;
  return <ChapterScripts chapterId={chapter.id} onActivity={onActivity} />;
}

function ChapterScripts({
  chapterId,
  onActivity,
}: {
  chapterId: string;
  onActivity: (chapterId: string, activity: ScriptActivity) => void;
}) {
  const { data: scripts, error, isLoading, mutate } = useChapterScripts(chapterId);
  const [selection, store] = useScriptSelection();
  const [starting, setStarting] = useState(false);
  /** The script being written (a job), with the chapter it was asked for. */
  const [writing, setWriting] = useState<{ chapterId: string; statusUrl: string } | null>(null);
  const [generationError, setGenerationError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Script | null>(null);
  const [deleting, setDeleting] = useState(false);
  const generating = starting || writing?.chapterId === chapterId;
  const sceneJobs = useJobList(checkScriptJob, MODEL_JOB_SCHEDULE);

  useEffect(() => {
    if (error) toast.error('Failed to load scripts');
  }, [error]);

  // The first script is selected when none of the chapter's scripts is.
  const ids = scripts?.map((s) => s.id).join(',');
  useEffect(() => {
    if (ids !== undefined) store.autoSelect(ids ? ids.split(',') : []);
  }, [ids, store, selection.scriptId]);

  // Changing the selected script resets the generation state.
  const shownScript = useRef(selection.scriptId);
  useEffect(() => {
    if (shownScript.current === selection.scriptId) return;
    shownScript.current = selection.scriptId;
    setGenerationError(null);
  }, [selection.scriptId]);

  const selected = scripts?.find((s) => s.id === selection.scriptId) ?? null;

  const generationFailed = (forChapter: string, message: string) => {
    setWriting(null);
    if (forChapter === chapterId) setGenerationError(message);
    toast.error('Failed to generate script');
    onActivity(forChapter, 'error');
  };

  const written = async (forChapter: string, script: Script) => {
    setWriting(null);
    if (forChapter === chapterId) {
      await mutate((current) => [script, ...(current ?? []).filter((s) => s.id !== script.id)], {
        revalidate: false,
      });
      store.selectScript(script.id);
    } else await reloadChapterScripts(forChapter);
    toast.success('Script generated successfully!');
    onActivity(forChapter, null);
  };

  // The script's job is checked until it is written or failed (its words shown under the form).
  useJobStatus(writing?.statusUrl ?? null, checkScriptJob, MODEL_JOB_SCHEDULE, {
    onEnd: (job) => {
      if (!writing) return;
      if (job.status === 'ready' && job.script) void written(writing.chapterId, job.script);
      else generationFailed(writing.chapterId, job.error_message || 'Failed to generate script');
    },
    onTimeout: () =>
      writing &&
      generationFailed(
        writing.chapterId,
        'Writing the script is taking longer than expected. Please try again.',
      ),
    onLost: () => writing && generationFailed(writing.chapterId, 'Failed to generate script'),
  });

  const generate = async (request: GenerateScriptRequest) => {
    setStarting(true);
    setGenerationError(null);
    onActivity(chapterId, 'generating');
    try {
      const job = await generateScript(request);
      setWriting({ chapterId, statusUrl: job.status_url });
    } catch (failure) {
      generationFailed(
        chapterId,
        failure instanceof ApiError && failure.status < 500 ? failure.message : 'Failed to generate script',
      );
    } finally {
      setStarting(false);
    }
  };

  const update = async (script: Script, patch: { script_name?: string; status?: ScriptStatus }) => {
    try {
      const updated = await updateScript(script.id, patch);
      await mutate((current) => current?.map((s) => (s.id === updated.id ? updated : s)), {
        revalidate: false,
      });
      toast.success('Script updated successfully!');
      return true;
    } catch {
      toast.error('Failed to update script');
      await reloadChapterScripts(chapterId);
      return false;
    }
  };

  /** The other take's job, followed to its end (null when it timed out or its checks failed). */
  const sceneJobEnd = (statusUrl: string) =>
    new Promise<ScriptJob | null>((resolve) =>
      sceneJobs.follow(statusUrl, {
        onEnd: (job) => resolve(job),
        onTimeout: () => resolve(null),
        onLost: () => resolve(null),
      }),
    );

  const redo = async (script: Script, sceneNumber: number) => {
    try {
      const started = await redoScene(script.id, sceneNumber);
      const ended = await sceneJobEnd(started.status_url);
      if (ended?.status !== 'ready' || !ended.script) throw new Error(ended?.error_message ?? 'not redone');
      const updated = ended.script;
      await mutate((current) => current?.map((s) => (s.id === updated.id ? updated : s)), {
        revalidate: false,
      });
      toast.success('Script updated successfully!');
    } catch {
      toast.error('Failed to update script');
      await reloadChapterScripts(chapterId);
    }
  };

  const remove = async (script: Script) => {
    setDeleting(true);
    try {
      await deleteScript(script.id);
      toast.success('Script deleted successfully!');
    } catch {
      toast.error('Failed to delete script');
    } finally {
      setDeleting(false);
      setConfirmDelete(null);
      await reloadChapterScripts(chapterId);
    }
  };

  const exportAs = async (script: Script, format: 'fountain' | 'pdf') => {
    try {
      await downloadScript(script.id, format);
      toast.success('Download started');
    } catch {
      toast.error(`Failed to export the script as ${format === 'pdf' ? 'PDF' : 'Fountain'}`);
    }
  };

  return (
    <div className="space-y-6">
      {sceneJobs.watchers}
      <Card className="p-6">
        <h2 className="mb-4 text-xl font-semibold">Generate a script</h2>
        <ScriptForm chapterId={chapterId} busy={generating} onGenerate={(r) => void generate(r)} />
        {generationError && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {generationError}
          </p>
        )}
      </Card>
      <section aria-labelledby="scripts-heading" className="space-y-3">
        <h2 id="scripts-heading" className="text-lg font-semibold">
          Scripts{scripts ? ` (${scripts.length})` : ''}
        </h2>
        {isLoading ? (
          <PageLoading label="Loading scripts..." />
        ) : error ? (
          <EmptyState title="Failed to load scripts" />
        ) : !scripts?.length ? (
          <EmptyState title="No scripts yet">
            Generate a script of this chapter with the form above.
          </EmptyState>
        ) : (
          <div className="grid gap-4 xl:grid-cols-[20rem_1fr]">
            <ul className="space-y-2" aria-label="Scripts of this chapter">
              {scripts.map((script) => (
                <ScriptCard
                  key={script.id}
                  script={script}
                  selected={script.id === selection.scriptId}
                  onSelect={() => store.selectScript(script.id)}
                />
              ))}
            </ul>
            <div aria-busy={selection.switching} className="min-w-0">
              {selected && (
                <ScriptDetail
                  key={selected.id}
                  script={selected}
                  segmentId={selection.segmentId}
                  onSelectSegment={(id) => store.selectSegment(id)}
                  onRedoScene={(scene) => redo(selected, scene)}
                  onUpdate={(patch) => update(selected, patch)}
                  onDelete={() => setConfirmDelete(selected)}
                  onExport={(format) => void exportAs(selected, format)}
                />
              )}
            </div>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={Boolean(confirmDelete)}
        title="Delete script"
        confirmLabel="Delete"
        danger
        busy={deleting}
        onClose={() => setConfirmDelete(null)}
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
      >
        Are you sure you want to delete this script?
      </ConfirmDialog>
    </div>
  );
}
