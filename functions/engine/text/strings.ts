/** Small string helpers shared by the text modules. */

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A character's name inside a sentence: "with the Scarecrow", not "with The Scarecrow". */
export function nameInSentence(name: string): string {
  return name.replace(/^The\s/, 'the ');
}

/** "a, b and c" */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function articleFor(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The words of a text in lower case, letters only. */
export function lowerWords(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}
