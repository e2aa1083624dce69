import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { fetcher } from '@/lib/api';
import { router } from './router';

/** Toast timings of the product: default and error 4 s, success 2 s, loading until dismissed. */
const toastOptions = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  className: 'dark:!bg-slate-800 dark:!text-slate-100',
};

export function App() {
  return (
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster position="top-center" toastOptions={toastOptions} />
      </AuthProvider>
    </SWRConfig>
  );
}
