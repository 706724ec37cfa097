import type { ReactNode } from 'react';
import { formatDateTime, formatTime } from '../../shared/format.js';
import { messages } from '../../shared/messages.js';
import { errorText } from '../lib/form-errors.js';
import { useOnline } from '../lib/useOnline.js';
import { Spinner } from './Spinner.js';

const text = messages.ui.offline;

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
  /** When the shown data was fetched (0: never). */
  dataUpdatedAt?: number;
  /** The data is an earlier view's, shown while this one loads. */
  isPlaceholderData?: boolean;
}

/** A time today as "2:30 PM", an earlier one with its date. */
function loadedAt(at: number): string {
  return new Date(at).toDateString() === new Date().toDateString() ? formatTime(at) : formatDateTime(at);
}

/** Offline, data on screen is never passed off as current: it says how old it is. */
function offlineAge(query: QueryLike<unknown>): string {
  return query.isPlaceholderData || !query.dataUpdatedAt ? text.earlierResults : text.resultsFrom(loadedAt(query.dataUpdatedAt));
}

function OfflineNote({ children }: { children: string }) {
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {children}
    </p>
  );
}

/**
 * Spinner while loading, a red message with a retry button on failure, else the children. Offline, a view that
 * is waiting for the connection says so instead of spinning, and data on screen says when it was loaded.
 */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  /** A useQuery or useInfiniteQuery result. */
  query: QueryLike<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  const online = useOnline();
  if (query.isPending) return online ? <Spinner label={`Loading ${label}`} /> : <OfflineNote>{text.waiting(label)}</OfflineNote>;
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
  return (
    <>
      {!online && <OfflineNote>{offlineAge(query)}</OfflineNote>}
      {children(query.data as T)}
    </>
  );
}
