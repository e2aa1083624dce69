import type { PlotsContext } from './common';

/**
 * The plots domain's read port: what other domains may know of a book's plot and cast. They never
 * read the plots' records themselves.
 */

/** A book's characters, as the plot overview and the caller's edits left them. */
export const castOf = (deps: PlotsContext, bookId: string) => deps.repo.listCharacters(bookId);

/** One character by id, or null. */
export const characterOf = (deps: PlotsContext, characterId: string) => deps.repo.getCharacter(characterId);

/** A book's plot overview, or null before one is made. */
export const plotOf = (deps: PlotsContext, bookId: string) => deps.repo.getPlotOfBook(bookId);
