import { defaultMergeName, mergeMessages } from '@contracts/merge';
import { useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { useMergeJobs } from '../api/merge';
import { downloadMergeResult, useMergeJob, usePreview } from '../api/use-merge-job';
import { useMergeUploads } from '../api/use-merge-uploads';
import {
  inputSourcesOf,
  reusableResults,
  stillUploading,
  unmeasuredVideos,
  type OfferedVideo,
} from '../model/files';
import { isMerging, isPreviewing } from '../model/session';
import {
  defaultForm,
  formProblems,
  mergeRequestOf,
  previewRequestOf,
  type MergeForm,
} from '../model/settings';
import { DropZone } from './drop-zone';
import { InputList } from './input-list';
import { MergeSettings } from './merge-settings';
import { MergeStatusPanel } from './merge-status';
import { PreviewPanel } from './preview-panel';
import { YourVideos } from './your-videos';

export type { OfferedVideo };

/**
 * The Video Merge Studio (spec 3 §2 Merge tab): inputs (uploads and the user's own videos) in merge
 * order, parameters, Preview and Merge, the merge's progress, retry and result. Used by the
 * Production Studio's Merge tab (with the chapter's video offered) and by the merge page.
 */
export function MergeStudio({
  offered = [],
  videoGenerationId = null,
  headingLevel = 2,
}: {
  /** Videos offered as inputs besides the user's earlier merges (the chapter's generated video). */
  offered?: OfferedVideo[];
  /** The generation the merge belongs to, when opened from a chapter. */
  videoGenerationId?: string | null;
  headingLevel?: 1 | 2;
}) {
  const uploads = useMergeUploads();
  const merge = useMergeJob();
  const preview = usePreview();
  const { data: jobs } = useMergeJobs();
  const [form, setForm] = useState<MergeForm>(defaultForm);
  const [tried, setTried] = useState(false);

  // A merge still running when the studio opens (after a reload) is followed again.
  const followed = useRef(false);
  const { follow } = merge;
  useEffect(() => {
    if (followed.current || !jobs) return;
    followed.current = true;
    const running = jobs.find((j) => j.status === 'pending' || j.status === 'processing');
    if (running) follow(running);
  }, [jobs, follow]);

  const videos = useMemo<OfferedVideo[]>(
    () => [
      ...offered,
      ...reusableResults(jobs ?? []).map((m) => ({
        name: m.merge_name,
        url: m.output_url!,
        duration: m.duration,
        size: m.file_size_bytes,
        origin: 'Earlier merge',
      })),
    ],
    [offered, jobs],
  );

  const inputs = inputSourcesOf(uploads.items);
  const uploading = stillUploading(uploads.items);
  const problems = formProblems(form);
  const merging = isMerging(merge.state);
  const previewing = isPreviewing(preview.state);
  const noInputs = tried && uploads.items.length === 0;

  const startMerge = () => {
    setTried(true);
    if (merging) return void toast.error(mergeMessages.mergeRunning);
    if (inputs.length === 0 && uploading === 0) return void toast.error(mergeMessages.noInputs);
    if (uploading > 0) return void toast.error('Wait for the uploads to finish, then merge.');
    if (problems.length) return void toast.error(problems[0]!);
    const unmeasured = unmeasuredVideos(uploads.items);
    if (unmeasured.length && inputs.filter((i) => i.type === 'video').length > 1)
      return void toast.error(
        `The length of ${unmeasured.join(', ')} is not known, so the videos cannot be placed one after the other. Remove it or merge it alone.`,
      );
    void merge.start(mergeRequestOf(form, inputs, { videoGenerationId, defaultName: defaultMergeName() }));
  };

  const startPreview = () => {
    if (inputs.length === 0) return void toast.error(mergeMessages.previewInputs);
    if (problems.length) return void toast.error(problems[0]!);
    void preview.start(previewRequestOf(form, inputs));
  };

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-center gap-3 p-4">
        <div className="mr-auto">
          <Heading className={headingLevel === 1 ? 'text-2xl font-semibold' : 'text-lg font-semibold'}>
            Video Merge Studio
          </Heading>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Join clips and audio into one video. {mergeMessages.retention}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={inputs.length === 0 || merging || previewing}
            busy={previewing}
            onClick={startPreview}
            title={inputs.length === 0 ? mergeMessages.previewInputs : 'Render the first 30 seconds'}
          >
            Preview
          </Button>
          <Button busy={merge.state.phase === 'starting'} onClick={startMerge}>
            Merge
          </Button>
        </div>
      </Card>

      <MergeStatusPanel
        state={merge.state}
        onRetry={() => void merge.retry()}
        onStartOver={() => {
          merge.reset();
          preview.reset();
        }}
        onDownload={(job) => void downloadMergeResult(job.merge_id, job.file_size_bytes)}
      />
      <PreviewPanel state={preview.state} onRetry={startPreview} />

      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="space-y-4 p-4">
          <div className="flex items-center gap-2">
            <h3 className="mr-auto font-semibold">Inputs</h3>
            {uploads.items.length > 0 && (
              <Button
                size="sm"
                variant="ghost"
                disabled={merge.state.phase === 'starting'}
                onClick={uploads.clear}
              >
                Clear all
              </Button>
            )}
          </div>
          <DropZone
            onFiles={uploads.add}
            disabled={merge.state.phase === 'starting'}
            rejected={uploads.rejected}
            onDismiss={uploads.dismissRejected}
          />
          {uploads.items.length === 0 ? (
            <EmptyState title="No input files yet">
              {noInputs ? (
                <span role="alert" className="text-red-700 dark:text-red-300">
                  {mergeMessages.noInputs}
                </span>
              ) : (
                'Add video or audio files; they are merged in the order of the list.'
              )}
            </EmptyState>
          ) : (
            <InputList
              items={uploads.items}
              locked={merge.state.phase === 'starting'}
              onEdit={uploads.edit}
              onRetry={uploads.retry}
              onRemove={uploads.remove}
            />
          )}
          <YourVideos videos={videos} items={uploads.items} onAdd={uploads.addLibrary} />
        </Card>
        <Card className="p-4">
          <h3 className="mb-3 font-semibold">Parameters</h3>
          <MergeSettings form={form} disabled={merge.state.phase === 'starting'} onChange={setForm} />
        </Card>
      </div>
    </div>
  );
}
