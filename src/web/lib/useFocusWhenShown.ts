import { useEffect, useRef } from 'react';

/**
 * A message that must not go unseen (a form's error, a declined card, a payment's result): when `shown`
 * becomes truthy or changes, the element takes the focus, which also scrolls it into view and has screen
 * readers read it. The element needs tabIndex={-1}.
 */
export function useFocusWhenShown<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
