import type { ActivityItem, Badge, UserMe, UserStats } from '@contracts/api';
import useSWR from 'swr';
import { api } from '@/lib/api';

export const userKeys = {
  stats: '/users/me/stats',
  activity: '/users/me/activity?limit=20',
  badges: '/users/me/badges',
};

export const useUserStats = (enabled = true) => useSWR<UserStats>(enabled ? userKeys.stats : null);
export const useActivity = (enabled = true) => useSWR<ActivityItem[]>(enabled ? userKeys.activity : null);
export const useBadges = (enabled = true) => useSWR<Badge[]>(enabled ? userKeys.badges : null);

export interface ProfileUpdate {
  display_name: string;
  avatar_url: string;
  bio: string;
}

export const updateProfile = (update: ProfileUpdate) => api.put<UserMe>('/users/me', update);
