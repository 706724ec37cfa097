import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../../shared/messages.js';

/** A lazy page chunk that cannot be loaded (typically after a new deploy removed the old files). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module|module script failed/i.test(error.message);
}

/** Shown when a page crashes or a lazy chunk cannot be loaded (e.g. after a new deploy). */
export function ErrorPage({ error }: { error: unknown }) {
  const text = isChunkLoadError(error) ? messages.ui.newVersion : messages.ui.pageCrashed;
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
