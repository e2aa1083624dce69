/** Keyword matching on free text (locations, descriptions), whole words, case-insensitive. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
}

/** True when any of the phrases occurs as whole words (phrases may contain spaces or hyphens). */
export function mentions(text: string, phrases: readonly string[]): boolean {
  const normalised = ` ${words(text).join(' ')} `;
  return phrases.some((phrase) => normalised.includes(` ${phrase} `));
}

/** How many times the phrases occur, for choosing between competing interpretations. */
export function countMentions(text: string, phrases: readonly string[]): number {
  const normalised = ` ${words(text).join(' ')} `;
  let count = 0;
  for (const phrase of phrases) {
    let at = normalised.indexOf(` ${phrase} `);
    while (at >= 0) {
      count++;
      at = normalised.indexOf(` ${phrase} `, at + phrase.length + 1);
    }
  }
  return count;
}
