import { useSyncExternalStore } from 'react';

/**
 * The shop's toasts, through react-toastify, which loads when a user first presses a key or a pointer
 * (a toast always answers something they did) or at the first toast, not with the page: it was a sixth
 * of the home page's JavaScript. A toast asked for while it loads shows once it has: react-toastify keeps
 * toasts until its container mounts, and the container mounts once toasts are wanted.
 */
const library = () => import('react-toastify/unstyled');

let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function show(kind: 'success' | 'error', text: string) {
  want();
  void library().then((module) => module.toast[kind](text));
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
};

/** Whether the toast container should be mounted (and its code loaded): after the first interaction or toast. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, want, { once: true, capture: true, passive: true });
}
