export function Spinner({ label = 'Loading', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      // A page (or its part) still loading: the page's heading is focused once none is left (usePageHeadingFocus).
      data-loading={inline ? undefined : true}
      className={inline ? 'inline-flex items-center gap-2' : 'flex min-h-40 items-center justify-center gap-3 py-10'}
    >
      <span
        aria-hidden="true"
        className={`${inline ? 'h-4 w-4 border-2' : 'h-8 w-8 border-4'} animate-spin rounded-full border-brand-600 border-t-transparent`}
      />
      <span className={inline ? 'text-sm text-slate-700' : 'sr-only'}>{label}</span>
    </div>
  );
}
