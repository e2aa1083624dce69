/** Longest name a sound effect is given: "footsteps on wooden boards" is a name, a clause of prose is not. */
const MAX_NAME_WORDS = 5;

const isBed = (name: string) => /\b(?:ambien[cs]e|room tone)\b/i.test(name);
const isName = (name: string) =>
  name.split(/\s+/).length <= MAX_NAME_WORDS && !/[.!?;:"“”]/.test(name) && /\p{L}/u.test(name);

/**
 * A scene's sound effects: the sounds its passage tells of (`audio_requirements`), each named for
 * the sound ("door slam", "thunder", "footsteps on stone"), in the order told, without the bed its
 * ambience already plays (room tone, "harbour ambience") and never a sentence of the book.
 */
export function sceneEffects(requirements: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  return requirements
    .map((r) => r.replace(/\s+/g, ' ').trim())
    .filter((r) => r && isName(r) && !isBed(r) && !seen.has(r.toLowerCase()) && seen.add(r.toLowerCase()))
    .slice(0, max);
}

/** What the scene's ambience plays when it tells of no sound to single out: its bed, else room tone. */
export function sceneBed(requirements: readonly string[]): string {
  return requirements.map((r) => r.trim()).find((r) => isBed(r) && isName(r)) ?? 'room tone';
}
