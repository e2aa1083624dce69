/** Response shapes of the API, shared by the handlers and the SPA: zod schemas, types inferred from them. */
import { z } from './zod';

export const ROLES = ['author', 'explorer'] as const;
export type Role = (typeof ROLES)[number];

export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const userMe = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  avatar_url: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  role: z.enum(ROLES),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type UserMe = z.infer<typeof userMe>;

export const userStats = z.object({
  books_read: z.number(),
  books_uploaded: z.number(),
  total_time_hours: z.number(),
  badges_earned: z.number(),
  quizzes_taken: z.number(),
  average_quiz_score: z.number(),
});
export type UserStats = z.infer<typeof userStats>;

export const activityItem = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  detail: z.optional(z.string()),
  ref: z.optional(z.string()),
  at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const BADGE_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type BadgeRarity = (typeof BADGE_RARITIES)[number];

export const badge = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rarity: z.enum(BADGE_RARITIES),
  earned: z.boolean(),
  earned_at: z.nullable(z.string()),
  /** How far the user is towards the badge, for progress goals. */
  progress: z.object({ current: z.number(), target: z.number() }),
});
export type Badge = z.infer<typeof badge>;

export const creatorPrompt = z.object({
  id: z.string(),
  kind: z.enum(['book', 'script', 'video']),
  prompt: z.string(),
  created_at: z.string(),
});
export type CreatorPrompt = z.infer<typeof creatorPrompt>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.enum(['ok', 'down'])),
  detail: z.optional(z.string()),
});
export type HealthResponse = z.infer<typeof healthResponse>;
