import { useEffect, useState } from 'react';
import { useDebounced } from './useDebounced.js';

/**
 * The search box's text: typed freely, and written to the address (`commit`) once typing pauses. When the
 * address's search changes otherwise (back, forward, a link), the box shows it.
 */
export function useSearchBox(q: string, commit: (q: string) => void) {
  const [text, setText] = useState(q);
  const [addressQ, setAddressQ] = useState(q);
  if (q !== addressQ) {
    setAddressQ(q);
    if (text.trim() !== q) setText(q);
  }
  const typed = useDebounced(text.trim(), 300);
  useEffect(() => {
    // Only once the pause is over: a debounced value that lags behind the box is an old search.
    if (typed === text.trim() && typed !== q) commit(typed);
  }, [typed, text, q, commit]);
  return [text, setText] as const;
}
