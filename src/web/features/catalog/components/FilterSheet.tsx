import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { messages } from '../../../../shared/messages.js';

const text = messages.ui.catalog;

interface FilterSheetProps {
  id: string;
  open: boolean;
  /** Closes the sheet (the Show parts button, Escape); the focus goes back to the Filters button. */
  onClose: () => void;
  opener: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

/**
 * The column of filters (the vehicle, the categories, in stock): beside the list on a wide screen. On a
 * narrower one it is folded behind the Filters button (`FiltersButton`) and opens as a sheet over the page,
 * so the first parts are on the first screen.
 */
export function FilterSheet({ id, open, onClose, opener, children }: FilterSheetProps) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    title.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close.current();
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, opener]);
  return (
    <div
      id={id}
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={open ? titleId : undefined}
      className={
        open
          ? 'fixed inset-0 z-50 flex flex-col gap-6 overflow-y-auto bg-slate-50 p-4 lg:static lg:z-auto lg:overflow-visible lg:bg-transparent lg:p-0'
          : 'hidden min-w-0 flex-col gap-6 lg:flex'
      }
    >
      {open && (
        <div className="sticky -top-4 z-10 -mx-4 -mt-4 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
          <h2 ref={title} id={titleId} tabIndex={-1} className="text-lg font-bold text-slate-900">
            {text.filtersTitle}
          </h2>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              onClose();
              opener.current?.focus();
            }}
          >
            {text.showParts}
          </button>
        </div>
      )}
      {children}
    </div>
  );
}

/** The phone's button for the sheet of filters, saying how many are on. */
export function FiltersButton({ sheetId, open, on, onOpen, buttonRef }: { sheetId: string; open: boolean; on: number; onOpen: () => void; buttonRef: RefObject<HTMLButtonElement | null> }) {
  return (
    <button ref={buttonRef} type="button" className="btn-secondary lg:hidden" aria-expanded={open} aria-controls={sheetId} onClick={onOpen}>
      {on > 0 ? text.filtersOn(on) : text.filters}
    </button>
  );
}
