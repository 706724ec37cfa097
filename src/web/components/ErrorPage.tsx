import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page crashes or a lazy chunk cannot be loaded (e.g. after a new deploy). */
export function ErrorPage() {
  const error = useRouteError();
  const chunkFailed = error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? 'A new version of the shop is available. Please reload the page.'
      : 'Something went wrong on this page.';
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Something went wrong – Partsmith</title>
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn-secondary" reloadDocument>
          Go home
        </Link>
      </div>
    </main>
  );
}
