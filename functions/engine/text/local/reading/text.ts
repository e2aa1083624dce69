/**
 * The text as the reading stages see it. Books arrive with CRLF line ends, a byte-order mark,
 * no-break spaces and typographic apostrophes; every stage must answer offsets into the text as
 * it was given, so the normalisation replaces characters one for one and never changes a length.
 */

/** Letters on both sides: the `’` of "I’m", "Dinah’ll", "o’clock" is an apostrophe, not a quotation mark. */
const INNER_APOSTROPHE = /(?<=\p{L})’(?=\p{L})/gu;

/**
 * The same text with CR, BOM and no-break spaces as plain spaces or line feeds, and apostrophes
 * inside words written `'`. Quotation marks (“ ” ‘ and a ’ that closes a quotation) stay as they
 * are: which way they face is what tells an opening mark from a closing one.
 */
export function readingText(text: string): string {
  return text
    .replace(/\r\n/g, ' \n')
    .replace(/\r/g, '\n')
    .replace(/[\uFEFF\u00A0\u2007\u202F]/g, ' ')
    .replace(INNER_APOSTROPHE, "'");
}

/** Contraction endings a name can carry: "Dinah'll", "Alice'd", "Tom's" (already apostrophes, not quotes). */
export const CONTRACTION_SUFFIX = /'(?:ll|ve|d|m|re|s|t)$/i;

/** A word without a contraction or possessive ending: "Dinah'll" → "Dinah", "I'm" → "I". */
export function withoutContraction(word: string): string {
  return word.replace(/n't$/i, '').replace(CONTRACTION_SUFFIX, '');
}
