import type { ReactNode } from 'react';
import { errorText } from '../lib/form-errors.js';
import { Spinner } from './Spinner.js';

/** Spinner while loading, a red message with a retry button on failure, else the children. */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  /** A useQuery or useInfiniteQuery result. */
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${label}`} />;
  if (query.isError)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>
          Could not load {label}: {errorText(query.error)}
        </p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  return <>{children(query.data as T)}</>;
}
