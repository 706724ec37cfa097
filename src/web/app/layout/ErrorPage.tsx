import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../../shared/messages.js';

/** A lazy page chunk that cannot be loaded: the connection dropped, or a new deploy removed the old files. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module|module script failed/i.test(error.message);
}

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/;

/**
 * Whether the shop was deployed again since this page loaded: the entry script its index.html names now is
 * not the one running. Null when that cannot be told (the shop cannot be reached).
 */
async function shopWasUpdated(): Promise<boolean | null> {
  const running = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
    const served = response.ok ? MODULE_SCRIPT.exec(await response.text())?.[1] : undefined;
    return running && served ? new URL(served, window.location.href).href !== running : null;
  } catch {
    return null;
  }
}

/** Why a page's code did not load, in words: offline, a new version, or (most likely) the connection. */
function useChunkFailureText(chunkError: boolean): string {
  const [updated, setUpdated] = useState<boolean | null>(null);
  const offline = chunkError && !navigator.onLine;
  useEffect(() => {
    if (!chunkError || offline) return;
    let live = true;
    void shopWasUpdated().then((answer) => {
      if (live) setUpdated(answer);
    });
    return () => {
      live = false;
    };
  }, [chunkError, offline]);
  if (offline) return messages.ui.pageLoadOffline;
  return updated ? messages.ui.newVersion : messages.ui.pageLoadFailed;
}

/** Shown when a page crashes or its code cannot be loaded (offline, or after a new deploy). */
export function ErrorPage({ error }: { error: unknown }) {
  const chunkError = isChunkLoadError(error);
  const chunkText = useChunkFailureText(chunkError);
  const text = chunkError ? chunkText : messages.ui.pageCrashed;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Something went wrong – Partsmith</title>
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        {/* A full page load: the error may come from a stale chunk, which only a fresh index.html fixes. */}
        <a href="/" className="btn-secondary">
          Go home
        </a>
      </div>
    </div>
  );
}

interface BoundaryProps {
  /** When this changes (RootLayout passes the path), a shown error is cleared: another page gets its chance. */
  resetKey: string;
  children: ReactNode;
}

/** Catches a crash in the page below it and shows ErrorPage instead of a blank screen. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) return <ErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
