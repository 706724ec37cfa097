import { useSyncExternalStore } from 'react';

/**
 * A value the browser keeps in localStorage under `key`, shared by every component and tab that reads it.
 * `parse` turns what is stored into the value, or `empty` when it is not one (an older shape, a hand edit).
 */
export function storedValue<T>(key: string, parse: (stored: unknown) => T | null, empty: T) {
  // Parsed once per stored text, so every reader gets the same object until it changes (useSyncExternalStore).
  let cache: { raw: string | null; value: T } = { raw: null, value: empty };
  const listeners = new Set<() => void>();

  function read(): T {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // No storage (a privacy mode): the value lasts as long as the page.
      return cache.value;
    }
    if (raw !== cache.raw) cache = { raw, value: parseText(raw) };
    return cache.value;
  }

  function parseText(raw: string | null): T {
    try {
      return parse(JSON.parse(raw ?? '')) ?? empty;
    } catch {
      return empty;
    }
  }

  function write(change: (stored: T) => T): void {
    const value = change(read());
    const raw = JSON.stringify(value);
    cache = { raw, value };
    try {
      localStorage.setItem(key, raw);
    } catch {}
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    // Another tab's change arrives as a storage event.
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  }

  const use = (): T => useSyncExternalStore(subscribe, read, () => empty);
  return { read, write, use, subscribe };
}
