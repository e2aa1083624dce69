import type { UserMe } from '@contracts/api';
import type { ProfileUpdateRequest } from '@contracts/users';
import { api } from '@/lib/api';

export const updateProfile = (update: ProfileUpdateRequest) => api.put<UserMe>('/users/me', update);
