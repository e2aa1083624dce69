import type { ActivityItem, Badge, UserStats } from '@contracts/api';
import useSWR from 'swr';

/** The signed-in user's numbers, activity and badges: read by several pages, refreshed by others. */
export const userKeys = {
  stats: '/users/me/stats',
  activity: '/users/me/activity?limit=20',
  badges: '/users/me/badges',
};

export const useUserStats = (enabled = true) => useSWR<UserStats>(enabled ? userKeys.stats : null);
export const useActivity = (enabled = true) => useSWR<ActivityItem[]>(enabled ? userKeys.activity : null);
export const useBadges = (enabled = true) => useSWR<Badge[]>(enabled ? userKeys.badges : null);
