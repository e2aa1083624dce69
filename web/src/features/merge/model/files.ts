import {
  MERGE_LIMITS,
  mergeMessages,
  type InputType,
  type MergeLibraryItem,
  type MergeStatus,
  type MergeUpload,
  type UploadItemStatus,
} from '@contracts/merge';
import {
  isAllowedContentType,
  isGenericContentType,
  type InputSourceRequest,
} from '@contracts/merge-requests';

/**
 * The Merge studio's list of inputs (the spec's Upload item, §3/§4): files the user picked, checked
 * against the spec's rules before anything is sent (§5), then uploaded; and videos the user already
 * has (a chapter's generated video, an earlier merge result). The list's order is the merge's order.
 * Pure, so the unit tests run it directly.
 */

/** What the browser tells about a picked file (a `File` has these). */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

export interface Rejection {
  name: string;
  reason: string;
}

/** The kind a content type declares, or null when it is neither video nor audio. */
export function kindOf(contentType: string): InputType | null {
  if (!isAllowedContentType(contentType) || isGenericContentType(contentType)) return null;
  return contentType.trim().toLowerCase().startsWith('audio/') ? 'audio' : 'video';
}

const VIDEO_EXTENSIONS = [
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'mpg',
  'mpeg',
  'ts',
  'flv',
  'wmv',
  'ogv',
  '3gp',
];
const AUDIO_EXTENSIONS = ['mp3', 'wav', 'm4a', 'aac', 'flac', 'ogg', 'oga', 'opus', 'aif', 'aiff', 'wma'];

/**
 * The kind of a picked file: its type's; when its type says nothing (none, or
 * application/octet-stream, as some browsers give a .mp4), its name's extension's — the server then
 * decides what the file is by its bytes. Null for anything else.
 */
export function kindOfFile(file: Pick<PickedFile, 'name' | 'type'>): InputType | null {
  if (!isGenericContentType(file.type)) return kindOf(file.type);
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (VIDEO_EXTENSIONS.includes(extension)) return 'video';
  if (AUDIO_EXTENSIONS.includes(extension)) return 'audio';
  return null;
}

/**
 * The spec's checks on a batch of picked files, in order: the type (video or audio), the size
 * (500 MB), and the count (10 files with those already in the list). Files past the tenth are
 * rejected one by one, so the first ones still go up.
 */
export function screenFiles<F extends PickedFile>(
  files: readonly F[],
  alreadyListed: number,
): { accepted: F[]; rejected: Rejection[] } {
  const accepted: F[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    let reason: string | null = null;
    if (!kindOfFile(file)) reason = mergeMessages.typeNotSupported(file.type || 'unknown');
    else if (file.size > MERGE_LIMITS.maxFileBytes) reason = mergeMessages.fileTooLarge;
    else if (file.size === 0) reason = 'The file is empty.';
    else if (alreadyListed + accepted.length >= MERGE_LIMITS.maxFiles) reason = mergeMessages.tooManyFiles;
    if (reason) rejected.push({ name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** One input of the merge: an upload in progress or done, or a video the user already has. */
export interface InputItem {
  /** The list's own id (stable while the item is moved). */
  id: string;
  name: string;
  kind: InputType;
  source: 'upload' | 'library';
  size: number;
  status: UploadItemStatus;
  /** Bytes sent so far (uploads). */
  sent: number;
  error: string | null;
  /** What the merge request names (`file_url` of an upload, a generation id or a merge result). */
  url: string | null;
  /** Seconds, once the server measured it. */
  duration: number | null;
  start_time: number;
  volume: number;
}

/** Whole percent of an item's bytes sent (100 once the server checked the file). */
export const progressOf = (item: Pick<InputItem, 'status' | 'sent' | 'size'>) =>
  item.status === 'completed'
    ? 100
    : item.size > 0
      ? Math.min(99, Math.floor((item.sent / item.size) * 100))
      : 0;

export type ItemsAction =
  | { type: 'add'; items: InputItem[] }
  | { type: 'progress'; id: string; sent: number }
  | { type: 'uploading'; id: string }
  | { type: 'uploaded'; id: string; upload: Pick<MergeUpload, 'file_url' | 'duration'> }
  | { type: 'failed'; id: string; error: string }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; to: number }
  | { type: 'set'; id: string; start_time?: number; volume?: number }
  | { type: 'clear' };

/** A picked file as a new item of the list (pending until its upload starts). */
export const uploadItem = (id: string, file: PickedFile): InputItem => ({
  id,
  name: file.name,
  kind: kindOfFile(file) ?? 'video',
  source: 'upload',
  size: file.size,
  status: 'pending',
  sent: 0,
  error: null,
  url: null,
  duration: null,
  start_time: 0,
  volume: 1,
});

/** A video the user already has, ready to merge. */
export const libraryItem = (
  id: string,
  video: { name: string; url: string; duration: number | null; size?: number | null },
): InputItem => ({
  id,
  name: video.name,
  kind: 'video',
  source: 'library',
  size: video.size ?? 0,
  status: 'completed',
  sent: video.size ?? 0,
  error: null,
  url: video.url,
  duration: video.duration,
  start_time: 0,
  volume: 1,
});

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function itemsReducer(items: InputItem[], action: ItemsAction): InputItem[] {
  const update = (id: string, change: (item: InputItem) => InputItem) =>
    items.map((item) => (item.id === id ? change(item) : item));
  switch (action.type) {
    case 'add': {
      const room = MERGE_LIMITS.maxFiles - items.length;
      const fresh = action.items.filter(
        (n) => !items.some((i) => i.id === n.id || (n.url && i.url === n.url)),
      );
      return room > 0 ? [...items, ...fresh.slice(0, room)] : items;
    }
    case 'uploading':
      return update(action.id, (i) => ({ ...i, status: 'uploading', error: null }));
    case 'progress':
      return update(action.id, (i) =>
        i.status === 'uploading' ? { ...i, sent: clamp(action.sent, 0, i.size) } : i,
      );
    case 'uploaded':
      return update(action.id, (i) => ({
        ...i,
        status: 'completed',
        sent: i.size,
        error: null,
        url: action.upload.file_url,
        duration: action.upload.duration || null,
      }));
    case 'failed':
      return update(action.id, (i) => ({ ...i, status: 'failed', error: action.error }));
    case 'remove':
      return items.filter((i) => i.id !== action.id);
    case 'move': {
      const from = items.findIndex((i) => i.id === action.id);
      if (from < 0) return items;
      const to = clamp(action.to, 0, items.length - 1);
      if (to === from) return items;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    }
    case 'set':
      return update(action.id, (i) => ({
        ...i,
        start_time:
          action.start_time === undefined || !Number.isFinite(action.start_time)
            ? i.start_time
            : clamp(action.start_time, 0, MERGE_LIMITS.maxStartTime),
        volume:
          action.volume === undefined || !Number.isFinite(action.volume)
            ? i.volume
            : clamp(action.volume, 0, MERGE_LIMITS.maxVolume),
      }));
    case 'clear':
      return [];
  }
}

/** The list moved by `active` onto the place of `over` (drag and drop). */
export const dropMove = (items: InputItem[], active: string, over: string): ItemsAction | null => {
  const to = items.findIndex((i) => i.id === over);
  return to < 0 || active === over ? null : { type: 'move', id: active, to };
};

/**
 * Where each ready item starts in the merged video (the server places every input at its
 * `start_time`): videos play one after the other in the list's order, each starting where the one
 * before ends (by the durations the server measured); a sound starts at the time the user chose.
 */
export function startTimes(items: readonly InputItem[]): Map<string, number> {
  const starts = new Map<string, number>();
  let cursor = 0;
  for (const item of items) {
    if (item.status !== 'completed' || !item.url) continue;
    if (item.kind === 'video') {
      starts.set(item.id, Math.round(cursor * 1000) / 1000);
      cursor += item.duration ?? 0;
    } else starts.set(item.id, item.start_time);
  }
  return starts;
}

/** The input sources of the merge request: the ready items, videos back to back in the list's order. */
export function inputSourcesOf(items: readonly InputItem[]): InputSourceRequest[] {
  const starts = startTimes(items);
  return items
    .filter((i) => starts.has(i.id))
    .map((i) => ({ url: i.url!, type: i.kind, start_time: starts.get(i.id)!, volume: i.volume }));
}

/** Ready videos whose length the server has not measured: the ones after them cannot be placed. */
export const unmeasuredVideos = (items: readonly InputItem[]) =>
  items.filter((i) => i.status === 'completed' && i.kind === 'video' && !i.duration).map((i) => i.name);

/** Items still on their way to storage (a merge waits for them). */
export const stillUploading = (items: readonly InputItem[]) =>
  items.filter((i) => i.status === 'pending' || i.status === 'uploading').length;

/** A video the user already has, offered as an input. */
export interface OfferedVideo {
  name: string;
  /** What the merge request names: a generation id, a generated video's url or a merge result's url. */
  url: string;
  duration: number | null;
  size?: number | null;
  /** Where it comes from ("Chapter video", "Earlier merge"). */
  origin: string;
}

/**
 * A video of the user's library (GET /merge/library) as an input: named by its book and what it is,
 * sent as the library's `input_url`.
 */
export function libraryVideoOf(
  item: Pick<MergeLibraryItem, 'source' | 'title' | 'book_title' | 'duration' | 'input_url' | 'created_at'>,
): OfferedVideo {
  const kind = item.source === 'film' ? 'Chapter film' : 'Learning video';
  const title =
    item.title && item.title !== item.book_title ? `${item.book_title}: ${item.title}` : item.book_title;
  return {
    name: `${title} (${item.created_at.slice(0, 10)})`,
    url: item.input_url,
    duration: item.duration > 0 ? item.duration : null,
    origin: kind,
  };
}

/** Completed, unexpired earlier merges with a result: videos the user can merge again. */
export const reusableResults = (merges: readonly MergeStatus[]) =>
  merges.filter((m) => m.status === 'completed' && !m.expired && m.output_url);

/** "12.3 MB" for a size in bytes ("340 KB" under a megabyte). */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** "1:05" for seconds. */
export const clock = (seconds: number | null) => {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
