import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone's card: it scrolls sideways inside the card (by keyboard too, the
 * region taking the focus) instead of widening the page.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full min-w-0 overflow-x-auto">
      {children}
    </div>
  );
}
