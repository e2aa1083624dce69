import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/ui/spinner';
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
      { path: '/', element: page(() => import('@/features/landing/routes/landing-page')) },
      { path: '/auth', element: page(() => import('@/features/auth/routes/auth-page')) },
      { path: '/auth/reset', element: page(() => import('@/features/auth/routes/auth-page')) },
      { path: '/auth/verify', element: page(() => import('@/features/auth/routes/verify-email-page')) },
      { path: '/dashboard', element: page(() => import('./routes/dashboard')) },
      { path: '/profile', element: page(() => import('@/features/profile/routes/profile-page')) },
      { path: '/creator', element: page(() => import('@/features/creator/routes/creator-page')) },
      { path: '/author', element: page(() => import('@/features/author/routes/author-page')) },
      { path: '/upload', element: page(() => import('@/features/books/routes/upload-page')) },
      { path: '/learn', element: page(() => import('@/features/books/routes/learn-page')) },
      { path: '/explore', element: page(() => import('@/features/books/routes/explore-page')) },
      { path: '/book', element: page(() => import('./routes/book')) },
      { path: '/book/:id', element: page(() => import('./routes/book')) },
      { path: '*', element: page(() => import('./not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
