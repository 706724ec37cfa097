import type { ReactNode } from 'react';

/**
 * A dashboard section: its heading (h2; the page's h1 is the dashboard title) and content. The first
 * panel's heading is the dashboard page's own, where the focus goes after a navigation (data-page-heading).
 */
export function Panel({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="card p-5 sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900" data-page-heading>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </div>
  );
}
