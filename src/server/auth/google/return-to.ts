/**
 * Where to send the browser after a Google sign-in. Only a path on this shop is accepted: it must start
 * with exactly one '/', and nothing that a browser would read as another host ('//evil', '/\evil',
 * '/<TAB>/evil', 'https://evil') gets through. Anything else becomes '/'.
 */
const MAX_LENGTH = 2000;
const BASE = 'http://partsmith.invalid';

export function sanitiseReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return '/';
  // Browsers drop tabs and newlines inside URLs and treat '\' like '/': refuse both outright.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? '/' : path;
}
