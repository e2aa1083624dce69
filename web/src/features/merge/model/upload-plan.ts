/**
 * How one file goes to storage in parts (spec 3 §5 limits, the contract's multipart flow): the byte
 * range of every part, the parts sent at once, what a failed part does (sent again after a backoff,
 * signed again first when its URL was refused), and the bytes sent over all parts for the progress
 * bar. Pure: the uploader in ../api does the requests.
 */

export interface PartRange {
  part_number: number;
  /** First byte. */
  start: number;
  /** One past the last byte. */
  end: number;
}

/** Parts sent at the same time (a browser keeps about 6 connections per host; the API needs some). */
export const PART_CONCURRENCY = 3;
/** Tries of one part before the file counts as failed (the first and three retries). */
export const PART_MAX_TRIES = 4;

/** Every part but the last is `partSize` long; the last holds the rest. */
export function planParts(size: number, partSize: number): PartRange[] {
  if (!(size > 0) || !(partSize > 0)) return [];
  const count = Math.ceil(size / partSize);
  return Array.from({ length: count }, (_, i) => ({
    part_number: i + 1,
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize),
  }));
}

export type PartFailure =
  { action: 'retry'; delayMs: number; resign: boolean } | { action: 'fail'; message: string };

/**
 * After try number `tries` (1-based) of a part failed with HTTP `status` (0: the connection broke):
 * wait min(1000 · 2^(tries−1), 8000) ms and send it again — signing it again first when storage
 * refused the URL (403: expired or bad signature) — until PART_MAX_TRIES were made.
 */
export function afterPartFailure(tries: number, status: number): PartFailure {
  if (tries >= PART_MAX_TRIES)
    return {
      action: 'fail',
      message:
        status === 0
          ? 'The upload was interrupted: check your connection, then retry.'
          : `Storage refused a part of the file (HTTP ${status}): retry the upload.`,
    };
  return { action: 'retry', delayMs: Math.min(1000 * 2 ** (tries - 1), 8000), resign: status === 403 };
}

/** Bytes sent over all parts: finished parts whole, the others as far as they got. */
export function bytesSent(
  parts: readonly PartRange[],
  done: ReadonlySet<number>,
  inFlight: ReadonlyMap<number, number>,
) {
  let sent = 0;
  for (const part of parts) {
    const length = part.end - part.start;
    sent += done.has(part.part_number) ? length : Math.min(length, inFlight.get(part.part_number) ?? 0);
  }
  return sent;
}

/** The parts still to send, in order (a resumed upload skips those already stored). */
export const remainingParts = (parts: readonly PartRange[], done: ReadonlySet<number>) =>
  parts.filter((p) => !done.has(p.part_number));
