import { lazy, type ReactNode, Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'react-toastify/ReactToastify.css';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { useToastsWanted } from '../lib/toast.js';

const ToastContainer = lazy(() => import('react-toastify/unstyled').then((module) => ({ default: module.ToastContainer })));

/** The toasts' container, once the first toast or interaction asks for it (lib/toast.ts). */
function Toasts() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom, where a toast never covers the navbar's name and Logout. */}
      <ToastContainer position="bottom-right" autoClose={5000} newestOnTop theme="light" />
    </Suspense>
  );
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => {
          const status = (error as { status?: number }).status ?? 0;
          // 4xx answers will not change on a retry.
          return status >= 400 && status < 500 ? false : count < 2;
        },
      },
      // A change sent while offline fails at once with a message, instead of waiting, silently, for the
      // network to come back and then going through unseen (an order placed behind the customer's back).
      mutations: { networkMode: 'always' },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Toasts />
      </AuthProvider>
    </QueryClientProvider>
  );
}
