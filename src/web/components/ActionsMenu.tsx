import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { tablesCopy } from '../../shared/back-office-copy.js';

/** One entry of a row's menu: a link (`to`) or a command (`onSelect`). */
export type MenuAction = {
  /** What the entry shows ("Remove"). */
  label: string;
  /** Its accessible name when the label alone does not say whose it is ("Remove Brake Pads"). */
  name?: string;
  /** A destructive action (it still asks first: the menu only offers it). */
  danger?: boolean;
  disabled?: boolean;
} & ({ to: string; onSelect?: never } | { onSelect: () => void; to?: never });

/** Pixels between the button and its menu. */
const GAP = 4;

/** Where a menu this high stands: under its button, right edges aligned, or above it near the bottom of the screen when it fits there. */
function placeFor(button: HTMLElement, height: number) {
  const box = button.getBoundingClientRect();
  const below = box.bottom + GAP;
  const above = box.top - GAP - height;
  return { top: below + height > window.innerHeight && above >= 0 ? above : below, right: window.innerWidth - box.right };
}
const ITEM = 'block w-full px-3 py-2 text-left text-sm whitespace-nowrap hover:bg-slate-100 focus:bg-slate-100 focus:outline-none disabled:opacity-50';

/**
 * A row's actions behind one 'Actions' button, so a table keeps one line a row and a destructive action is
 * two steps away. The menu opens under the button (fixed, so a scrolling table does not clip it, and kept
 * beside the button as the page scrolls), takes the focus to its first entry, moves with the arrow keys, and
 * closes on Escape (the focus back on the button), on a click outside, on leaving it with Tab, or once an
 * entry is chosen.
 */
export function ActionsMenu({ of, actions }: { of: string; actions: readonly MenuAction[] }) {
  // Where the open menu stands (under its button, right edges aligned); null while closed.
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const open = place !== null;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
  const close = useCallback((refocus: boolean) => {
    setPlace(null);
    if (refocus) button.current?.focus();
  }, []);
  const openMenu = () => setPlace(placeFor(button.current!, 0));

  useLayoutEffect(() => {
    if (!open) return;
    setPlace(placeFor(button.current!, menu.current!.offsetHeight));
    // Not scrolled to: it is on screen already, under or above its button.
    items()[0]?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // The page scrolls or resizes under the open menu: it keeps to its button.
    const follow = () => setPlace(placeFor(button.current!, menu.current!.offsetHeight));
    document.addEventListener('pointerdown', outside);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, close]);

  const onMenuKey = (event: KeyboardEvent) => {
    const entries = items();
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => entries[(index + entries.length) % entries.length]?.focus({ preventScroll: true });
    if (event.key === 'Escape') close(true);
    else if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(entries.length - 1);
    else if (event.key === 'Tab') close(false);
    else return;
    event.preventDefault();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      openMenu();
    }
  };

  return (
    <div className="inline-block">
      <button
        ref={button}
        type="button"
        className="btn-secondary px-3 py-1.5"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={tablesCopy.actionsOf(of)}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={onButtonKey}
      >
        {tablesCopy.actions}
        <span aria-hidden="true" className="ms-1 text-xs">
          ▾
        </span>
      </button>
      {place && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={tablesCopy.actionsOf(of)}
          className="fixed z-40 min-w-40 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          style={{ top: place.top, right: place.right }}
          onKeyDown={onMenuKey}
        >
          {actions.map((action) => {
            const className = `${ITEM} ${action.danger ? 'text-red-800' : 'text-slate-800'}`;
            return action.to !== undefined ? (
              <Link key={action.label} role="menuitem" tabIndex={-1} to={action.to} className={className} aria-label={action.name} onClick={() => close(false)}>
                {action.label}
              </Link>
            ) : (
              <button
                key={action.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={className}
                aria-label={action.name}
                disabled={action.disabled}
                onClick={() => {
                  close(true);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
