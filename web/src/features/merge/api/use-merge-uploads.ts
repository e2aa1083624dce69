import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import {
  itemsReducer,
  libraryItem,
  screenFiles,
  type InputItem,
  type ItemsAction,
  type Rejection,
  uploadItem,
} from '../model/files';
import { forgetUpload, PartsFailed, uploadMergeFile, type UploadResume } from './upload-file';

/** Files sent at the same time (each sends its parts three at a time). */
const FILES_AT_ONCE = 2;

/**
 * The studio's inputs: picked files are checked (spec §5), listed and uploaded two at a time with
 * their progress; a failed one can be retried (resuming its parts) or removed; videos the user
 * already has join the list as they are.
 */
export function useMergeUploads() {
  const [items, dispatch] = useReducer(itemsReducer, [] as InputItem[]);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const resumes = useRef(new Map<string, UploadResume>());
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const run = useCallback((id: string) => {
    const file = files.current.get(id);
    const item = itemsRef.current.find((i) => i.id === id);
    if (!file || !item || controllers.current.has(id)) return;
    const controller = new AbortController();
    controllers.current.set(id, controller);
    dispatch({ type: 'uploading', id });
    uploadMergeFile(file, item.kind, {
      signal: controller.signal,
      resume: resumes.current.get(id) ?? null,
      onSession: (resume) => resumes.current.set(id, resume),
      onProgress: (sent) => dispatch({ type: 'progress', id, sent }),
    })
      .then((upload) => {
        resumes.current.delete(id);
        files.current.delete(id);
        dispatch({ type: 'uploaded', id, upload });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A file the server refused (unreadable, wrong kind) was deleted there: a retry starts anew.
        if (!(error instanceof PartsFailed)) resumes.current.delete(id);
        dispatch({
          type: 'failed',
          id,
          error:
            error instanceof PartsFailed
              ? error.message
              : errorText(error, 'The upload failed. Please retry.'),
        });
      })
      .finally(() => {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      });
  }, []);

  // Start pending files while fewer than two are on their way.
  useEffect(() => {
    const busy = items.filter((i) => i.status === 'uploading').length;
    const waiting = items.filter((i) => i.status === 'pending' && files.current.has(i.id));
    for (const item of waiting.slice(0, Math.max(0, FILES_AT_ONCE - busy))) run(item.id);
  }, [items, run]);

  // Leaving the studio stops what is still being sent.
  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
    },
    [],
  );

  const add = useCallback((picked: File[]) => {
    const { accepted, rejected: refused } = screenFiles(picked, itemsRef.current.length);
    setRejected(refused);
    const fresh = accepted.map((file) => {
      const id = crypto.randomUUID();
      files.current.set(id, file);
      return { id, file };
    });
    dispatch({ type: 'add', items: fresh.map(({ id, file }) => uploadItem(id, file)) });
  }, []);

  const retry = useCallback(
    (id: string) => {
      if (files.current.has(id)) run(id);
    },
    [run],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    const resume = resumes.current.get(id);
    if (resume) void forgetUpload(resume.uploadId);
    resumes.current.delete(id);
    files.current.delete(id);
    dispatch({ type: 'remove', id });
  }, []);

  const addLibrary = useCallback(
    (video: { name: string; url: string; duration: number | null; size?: number | null }) =>
      dispatch({ type: 'add', items: [libraryItem(`library-${video.url}`, video)] }),
    [],
  );

  const clear = useCallback(() => {
    for (const id of [...itemsRef.current.map((i) => i.id)]) {
      controllers.current.get(id)?.abort();
      const resume = resumes.current.get(id);
      if (resume) void forgetUpload(resume.uploadId);
    }
    controllers.current.clear();
    resumes.current.clear();
    files.current.clear();
    setRejected([]);
    dispatch({ type: 'clear' });
  }, []);

  const edit = useCallback((action: Extract<ItemsAction, { type: 'move' | 'set' }>) => dispatch(action), []);

  return {
    items,
    rejected,
    add,
    retry,
    remove,
    addLibrary,
    clear,
    edit,
    dismissRejected: () => setRejected([]),
  };
}
