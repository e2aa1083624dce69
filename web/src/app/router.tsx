import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/ui/spinner';
import { paths, routePatterns } from '@/config/paths';
import { Layout } from './layout';
import { RouteError } from './route-error';

/** Pages load on demand so the first visit downloads only the shell and the page it opens. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: page(() => import('@/features/landing/routes/landing-page')) },
      { path: paths.auth, element: page(() => import('@/features/auth/routes/auth-page')) },
      { path: paths.resetPassword, element: page(() => import('@/features/auth/routes/auth-page')) },
      { path: paths.verifyEmail, element: page(() => import('@/features/auth/routes/verify-email-page')) },
      { path: paths.dashboard, element: page(() => import('./routes/dashboard')) },
      { path: paths.profile, element: page(() => import('@/features/profile/routes/profile-page')) },
      { path: paths.creator, element: page(() => import('@/features/creator/routes/creator-page')) },
      { path: paths.author, element: page(() => import('@/features/author/routes/author-page')) },
      {
        path: paths.subscription,
        element: page(() => import('@/features/subscriptions/routes/subscription-page')),
      },
      { path: paths.upload, element: page(() => import('@/features/books/routes/upload-page')) },
      { path: paths.learn, element: page(() => import('@/features/books/routes/learn-page')) },
      { path: paths.merge, element: page(() => import('@/features/merge/routes/merge-page')) },
      { path: paths.explore, element: page(() => import('@/features/books/routes/explore-page')) },
      { path: routePatterns.bookWithoutId, element: page(() => import('./routes/book')) },
      { path: routePatterns.book, element: page(() => import('./routes/book')) },
      { path: routePatterns.notFound, element: page(() => import('./not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
