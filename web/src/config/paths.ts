/** Every client-side URL of the app, once. */
export const paths = {
  home: '/',
  auth: '/auth',
  signUp: (role?: 'author' | 'explorer') => `/auth?mode=signup${role ? `&role=${role}` : ''}`,
  verifyEmail: '/auth/verify',
  resetPassword: '/auth/reset',
  dashboard: '/dashboard',
  creator: '/creator',
  profile: '/profile',
  editProfile: '/profile?edit=1',
  learn: '/learn',
  explore: '/explore',
  upload: '/upload',
  book: (id: string) => `/book/${id}`,
  subscription: '/subscription',
  author: '/author',
} as const;
