import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading before the focus goes to whatever it has. */
const MAX_WAIT_MS = 5_000;

/** Whether what is on screen is still loading (a spinner further down, e.g. a lazy contact form, is not). */
function loadingOnScreen(main: HTMLElement): boolean {
  return [...main.querySelectorAll('[data-loading]')].some((spinner) => spinner.getBoundingClientRect().top < window.innerHeight);
}

/** The page's heading: a dashboard panel's (data-page-heading), else the page's h1. */
function pageHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>('[data-page-heading]') ?? main.querySelector<HTMLElement>('h1');
}

/**
 * After a navigation (not the first page load), the focus moves to the new page's heading, as a full page
 * load would start reading there: a screen reader announces the page, and Tab continues from its top.
 * The page's code and data may still be loading: the heading is focused once no spinner is left on screen
 * (or after MAX_WAIT_MS). If the user has meanwhile moved the focus themselves, or the page has put it in
 * its first field, it stays there.
 */
export function usePageHeadingFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusedBefore = document.activeElement;
    const userMovedFocus = () => document.activeElement !== focusedBefore && document.activeElement !== document.body;
    // A page that puts the focus in its first field itself (autoFocus: forgot password, reset password) keeps it.
    const pageFocusedAField = () => main.contains(document.activeElement) && document.activeElement!.matches('input, textarea, select');
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    const tryFocus = (force: boolean) => {
      if (userMovedFocus() || pageFocusedAField()) return done();
      const heading = pageHeading(main);
      if (!force && (!heading || loadingOnScreen(main))) return;
      const target = heading ?? main;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      done();
    };
    const observer = new MutationObserver(() => tryFocus(false));
    const timer = setTimeout(() => tryFocus(true), MAX_WAIT_MS);
    observer.observe(main, { childList: true, subtree: true });
    tryFocus(false);
    return done;
  }, [pathname]);
}
