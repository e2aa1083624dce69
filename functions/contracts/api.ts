/** Response shapes of the API, shared by the handlers and the SPA (types only). */
export const ROLES = ['author', 'explorer'] as const;
export type Role = (typeof ROLES)[number];

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export interface MessageResponse {
  message: string;
}

export interface UserMe {
  id: string;
  email: string;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  role: Role;
  is_admin: boolean;
  created_at: string;
}

export interface UserStats {
  books_read: number;
  books_uploaded: number;
  total_time_hours: number;
  badges_earned: number;
  quizzes_taken: number;
  average_quiz_score: number;
}

export interface ActivityItem {
  id: string;
  type: string;
  title: string;
  detail?: string;
  ref?: string;
  at: string;
}

export type BadgeRarity = 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';

export interface Badge {
  id: string;
  name: string;
  description: string;
  rarity: BadgeRarity;
  earned: boolean;
  earned_at: string | null;
  /** How far the user is towards the badge, for progress goals. */
  progress: { current: number; target: number };
}

export interface CreatorPrompt {
  id: string;
  kind: 'book' | 'script' | 'video';
  prompt: string;
  created_at: string;
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  services: Record<string, 'ok' | 'down'>;
  detail?: string;
}
