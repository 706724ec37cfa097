/**
 * One `name=value` of an address's fragment (`#token=abc&x=1`), decoded; null when absent. Links the shop
 * mails and the Google round trip carry their one-time secrets there: a fragment is never sent to a server,
 * so it stays out of request logs and Referer headers.
 */
export function hashParam(hash: string, name: string): string | null {
  for (const part of hash.replace(/^#/, '').split('&')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index) !== name) continue;
    const value = part.slice(index + 1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
