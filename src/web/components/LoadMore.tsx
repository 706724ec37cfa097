import { useEffect, useRef } from 'react';
import { Spinner } from './Spinner.js';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Also load when the end of the list scrolls near the screen (the button stays, for keyboards). */
  auto?: boolean;
  label?: string;
}

/** The end of a paged list: a 'Load more' button, plus an IntersectionObserver sentinel that presses it for you. */
export function LoadMore({ hasMore, loading, onLoadMore, auto = true, label = 'Load more' }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!auto || !hasMore || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (more && !busy && entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, hasMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-10 flex flex-col items-center gap-3">
      {loading && <Spinner inline label="Loading more products" />}
      <button type="button" className="btn-secondary px-6 py-3 text-base" onClick={onLoadMore} disabled={loading}>
        {label}
      </button>
    </div>
  );
}
