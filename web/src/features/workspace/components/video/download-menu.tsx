import type { DownloadMethod, DownloadQuality } from '@contracts/video';
import { DOWNLOAD_LABELS, DOWNLOAD_QUALITIES, videoMessages } from '@contracts/video';
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { downloadFinalVideo } from '@/features/workspace/api/video';
import { downloadErrorText } from '@/features/workspace/model/video';

/** What the toast says while a file is made: filmed again (with how far) or prepared. */
function preparingText(quality: DownloadQuality, answer: { method?: string; progress?: number }) {
  if (answer.method !== 'render') return `Preparing the ${DOWNLOAD_LABELS[quality]} file…`;
  const done = answer.progress === undefined ? '' : ` ${Math.round(answer.progress)}%`;
  return `Filming the video again at ${DOWNLOAD_LABELS[quality]}…${done}`;
}

/**
 * Downloads a generation's film at a quality: the file of a quality is made the first time it is
 * asked for (the route answers "processing" meanwhile and is asked again every 2 s), then the
 * browser saves it under the server's file name.
 */
export function useVideoDownload() {
  const [busy, setBusy] = useState<DownloadQuality | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const download = async (generationId: string | null, quality: DownloadQuality) => {
    if (!generationId) return void toast.error(videoMessages.noFinalVideo);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(quality);
    const toastId = `download-${generationId}`;
    try {
      await downloadFinalVideo(generationId, quality, {
        signal: controller.signal,
        onProcessing: (answer) => toast.loading(preparingText(quality, answer), { id: toastId }),
      });
      toast.success('Download started', { id: toastId });
    } catch (error) {
      if (controller.signal.aborted) return void toast.dismiss(toastId);
      toast.error(downloadErrorText(error), { id: toastId });
    } finally {
      if (abort.current === controller) setBusy(null);
    }
  };
  return { busy, download };
}

/**
 * The Download menu: the sizes the film can honestly be given in for the user's plan — Low (480p),
 * Medium (720p), High (1080p), Ultra (4K) up to the film's own size, and larger ones the plan films
 * (`qualities`, from the final video's answer; `methods` says which are filmed again).
 */
export function DownloadMenu({
  generationId,
  qualities = DOWNLOAD_QUALITIES,
  methods,
  label = 'Download',
}: {
  generationId: string | null;
  qualities?: readonly DownloadQuality[];
  methods?: Partial<Record<DownloadQuality, DownloadMethod>>;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const { busy, download } = useVideoDownload();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return (
    <div className="relative" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <Button
        size="sm"
        busy={busy !== null}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
      </Button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Download quality"
          className="absolute right-0 z-20 mt-1 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {qualities.map((quality) => (
            <li key={quality} role="none">
              <button
                type="button"
                role="menuitem"
                className="block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                title={
                  methods?.[quality] === 'render'
                    ? 'Filmed again at this size from its scenes: takes a few minutes'
                    : undefined
                }
                onClick={() => {
                  setOpen(false);
                  void download(generationId, quality);
                }}
              >
                {DOWNLOAD_LABELS[quality]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
