import type { ReactNode } from 'react';

const TONES = {
  success: { role: 'status', className: 'border-emerald-200 bg-emerald-50 text-emerald-900' },
  error: { role: 'alert', className: 'border-red-200 bg-red-50 text-red-800' },
} as const;

/** A page's outcome in a box: a success is announced politely (status), a failure at once (alert). */
export function Notice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const { role, className } = TONES[tone];
  return (
    <div role={role} className={`space-y-3 rounded-lg border p-4 text-sm ${className}`}>
      {children}
    </div>
  );
}
