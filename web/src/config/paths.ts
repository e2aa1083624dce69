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
  /** A chapter of a learning book (the hosted link of generated content). */
  bookChapter: (id: string, chapterId: string) => `/book/${id}?chapter=${encodeURIComponent(chapterId)}`,
  subscription: '/subscription',
  author: '/author',
} as const;
