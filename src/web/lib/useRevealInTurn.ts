import { startTransition, useEffect, useState } from 'react';

/** Set once a page has revealed all its sections: later pages are built after a click, not with the document. */
let documentPageBuilt = false;

// Safari has no requestIdleCallback.
const whenIdle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback));
const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;

/**
 * How many of a page's `count` sections below the fold to render. While the document's first page builds,
 * none at first, then one more each time the browser is idle, each in a commit of its own: the first paint
 * waits only for what is on screen, and no task on the main thread holds the whole page (on the home page
 * the sections below the hero were the longest tasks of its load). Later, a page shows them all at once.
 */
export function useRevealInTurn(count: number): number {
  const [shown, setShown] = useState(documentPageBuilt ? count : 0);
  useEffect(() => {
    if (shown >= count) {
      documentPageBuilt = true;
      return;
    }
    const id = whenIdle(() => startTransition(() => setShown(shown + 1)), { timeout: 300 });
    return () => cancelIdle(id);
  }, [shown, count]);
  return shown;
}
