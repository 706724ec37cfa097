import { useCallback, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.js';
import { imageSchema } from '../../../../shared/schemas.js';
import { useDebounced } from '../../../lib/useDebounced.js';

/** How long a picture may take to load before the form gives up on it. */
const LOAD_TIMEOUT_MS = 15_000;

type Status = 'none' | 'loading' | 'loaded' | 'failed';

/**
 * The picture behind the link typed in the add-product form: `src` is the link to preview (after a short
 * pause in typing; none while the form would refuse the link anyway), `status` how loading it went, and
 * `loads(link)` answers — once the browser knows — whether that picture loads, for the submit to refuse one
 * that does not. The preview element reports to `settle` (see PicturePreview).
 */
export function usePicturePreview(value: string | undefined) {
  const typed = (value ?? '').trim();
  const src = useDebounced(typed && imageSchema.safeParse(typed).success ? typed : '', 300);
  const [results, setResults] = useState<Readonly<Record<string, boolean>>>({});
  const known = useRef(new Map<string, boolean>());
  const waiting = useRef(new Map<string, ((loads: boolean) => void)[]>());

  const settle = useCallback((link: string, loads: boolean) => {
    known.current.set(link, loads);
    setResults((before) => ({ ...before, [link]: loads }));
    for (const resolve of waiting.current.get(link) ?? []) resolve(loads);
    waiting.current.delete(link);
  }, []);

  const loads = useCallback((link: string): Promise<boolean> => {
    const answer = known.current.get(link);
    if (answer !== undefined) return Promise.resolve(answer);
    return new Promise((resolve) => {
      waiting.current.set(link, [...(waiting.current.get(link) ?? []), resolve]);
      setTimeout(() => resolve(false), LOAD_TIMEOUT_MS);
    });
  }, []);

  const result = results[src];
  const status: Status = !src ? 'none' : result === undefined ? 'loading' : result ? 'loaded' : 'failed';
  return { src, status, settle, loads };
}

/** The picture as typed, or why it cannot be shown; a picture that failed is not shown (no broken-image icon). */
export function PicturePreview({ preview, className = '' }: { preview: ReturnType<typeof usePicturePreview>; className?: string }) {
  const { src, status, settle } = preview;
  if (!src) return null;
  return (
    <div className={`flex items-center gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 ${className}`}>
      <img
        key={src}
        src={src}
        alt={messages.ui.imagePreviewAlt}
        width={160}
        height={120}
        hidden={status === 'failed'}
        onLoad={() => settle(src, true)}
        onError={() => settle(src, false)}
        className="h-30 w-40 rounded bg-white object-contain"
      />
      <p role="status" className={status === 'failed' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'}>
        {status === 'loading' && messages.ui.imageLoading}
        {status === 'failed' && messages.ui.imageFailed}
      </p>
    </div>
  );
}
