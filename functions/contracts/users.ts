import { z } from './zod';
import {
  firstError,
  isValidAvatarUrl,
  MAX_AVATAR_URL_LENGTH,
  MAX_BIO_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  messages,
  stripUnsafeCharacters,
} from './validation';

/** Absent leaves a field as it is; empty or null clears it. */
const clearable = (max: number, message: string) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.maxLength(max, message)))),
    z.transform((v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null)),
  );

/** PUT /users/me: the profile fields to change. */
export const profileUpdateRequest = z.strictObject({
  display_name: z.optional(
    z
      .string({ error: messages.displayNameRequired })
      .check(
        z.overwrite(stripUnsafeCharacters),
        z.trim(),
        z.minLength(1, messages.displayNameRequired),
        z.maxLength(MAX_DISPLAY_NAME_LENGTH, messages.displayNameTooLong),
      ),
  ),
  avatar_url: clearable(MAX_AVATAR_URL_LENGTH, messages.avatarUrlInvalid).check(
    z.refine((v) => v == null || isValidAvatarUrl(v), messages.avatarUrlInvalid),
  ),
  bio: clearable(MAX_BIO_LENGTH, messages.bioTooLong),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

/** The edit-profile form sends every field. */
export const profileForm = z.object({ display_name: z.string(), avatar_url: z.string(), bio: z.string() });
export type ProfileForm = z.infer<typeof profileForm>;

export const validateProfile = (form: ProfileForm) => firstError(profileUpdateRequest, form);
