/** Every client-side URL of the app, once: links and navigation use `paths`, the router too. */
export const paths = {
  home: '/',
  auth: '/auth',
  /** The sign-in form with the address filled in. */
  signInAs: (email: string) => `/auth?email=${encodeURIComponent(email)}`,
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
  /** The Merge studio on its own page. */
  merge: '/merge',
  author: '/author',
} as const;

/** The router's patterns for the URLs that take parameters; the other routes are `paths` themselves. */
export const routePatterns = {
  /** `paths.book(id)`. */
  book: '/book/:id',
  /** /book without an id answers "Invalid book id". */
  bookWithoutId: '/book',
  notFound: '*',
} as const;
