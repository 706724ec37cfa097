import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { AuthProvider } from '../features/auth/AuthProvider.js';

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
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <ToastContainer position="top-right" autoClose={5000} newestOnTop theme="light" />
      </AuthProvider>
    </QueryClientProvider>
  );
}
