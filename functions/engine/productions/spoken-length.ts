/**
 * How long words take to say, before any voice has said them: what a plan's longest video is
 * checked against while a video is planned (a lesson and a chapter video are planned to fit it, a
 * chapter film whose script cannot fit is refused before it starts).
 *
 * Basis: the voices read between 2.6 and 3.2 words a second — measured on this machine over a
 * 220-word passage of prose, pauses at sentence ends included: the local narrator voices 2.80
 * (warm) and 3.19 (conversational), the character voices 2.58 to 3.08; Polly's neural voices read
 * English at about 150–160 words a minute (2.5–2.7 a second). A plan that must fit assumes the
 * slowest reading; a refusal before anything is said assumes the fastest, so it refuses only what
 * cannot fit however it is read.
 */
export const WORDS_PER_SECOND = { slowest: 2.4, fastest: 3.3 } as const;
export type ReadingPace = keyof typeof WORDS_PER_SECOND;

/** Words as a voice says them: numbers and abbreviations count as what is said for them, roughly. */
export function spokenWords(text: string): number {
  return text
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .reduce((count, w) => count + (/^\d{4,}/.test(w) ? 2 : 1), 0);
}

/** Seconds to say `text` at the given pace (no pause before or after). */
export const spokenSeconds = (text: string, pace: ReadingPace) => spokenWords(text) / WORDS_PER_SECOND[pace];

/**
 * Seconds of lines said one after another with a gap between them, a lead before the first and a
 * tail after the last (how scenes and lessons place their speech).
 */
export function spokenTrackSeconds(
  lines: readonly string[],
  pace: ReadingPace,
  spacing: { lead: number; gap: number; tail: number },
): number {
  const said = lines.filter((l) => l.trim());
  if (!said.length) return 0;
  const speech = said.reduce((sum, line) => sum + spokenSeconds(line, pace), 0);
  return spacing.lead + speech + spacing.gap * (said.length - 1) + spacing.tail;
}
