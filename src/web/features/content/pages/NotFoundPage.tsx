/** The original storefront's not-found route (docs/legacy-contract.md#screens) shows an image only (with a text alternative for screen readers). */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-3xl justify-center px-4 py-12">
      <title>Page not found – Partsmith</title>
      <h1 className="sr-only">Page not found</h1>
      <img
        src="/images/not-found.svg"
        alt="404 – Page not found. The page you are looking for does not exist."
        width={800}
        height={600}
        className="h-auto w-full max-w-2xl"
      />
    </div>
  );
}
