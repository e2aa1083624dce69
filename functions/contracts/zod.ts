import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini for the request schemas, with English messages: zod/mini registers no locale, so without
 * this its default messages would read "Invalid input" where the API answers, for example,
 * "Too big: expected string to have <=50 characters". Classic zod registers the same locale.
 */
if (!z.config().localeError) z.config(en());

export { z };
