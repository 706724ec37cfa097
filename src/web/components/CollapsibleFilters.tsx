import { type ReactNode, useId, useState } from 'react';
import { tablesCopy } from '../../shared/back-office-copy.js';

/**
 * A list's filters: always shown on a wide screen; on a phone folded behind a 'Filters' toggle, so the
 * list starts on the first screen rather than under five fields.
 */
export function CollapsibleFilters({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="mb-5">
      <button type="button" className="btn-secondary mb-3 md:hidden" aria-expanded={shown} aria-controls={id} onClick={() => setShown(!shown)}>
        {tablesCopy.filters}
      </button>
      <div id={id} className={shown ? '' : 'max-md:hidden'}>
        {children}
      </div>
    </div>
  );
}
