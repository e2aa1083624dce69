import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini for the request schemas, with English messages: zod/mini registers no locale, so without
 * this its default messages would read "Invalid input" where the API answers, for example,
 * "Too big: expected string to have <=50 characters". Classic zod registers the same locale.
 */
if (!z.config().localeError) z.config(en());

export { z };

/**
 * A field of an answer whose shape the engine owns and defines (a script's dialogue lines, acts,
 * beats and character profiles): typed by the engine's interface, and passed through unchecked when
 * an answer is parsed, so the shape is written once, in the engine.
 */
export const engineShape = <T>() => z.custom<T>();
