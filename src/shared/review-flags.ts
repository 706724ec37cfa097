/**
 * What staff look at twice before approving a review (issue 62): links (a rival's shop) and phone numbers
 * (spam asking buyers to call). The queue shows them as badges; nothing is refused for them.
 */
import type { ReviewFlag } from './review-status.js';

export { REVIEW_FLAGS, type ReviewFlag } from './review-status.js';

/** The domain endings a bare "rival-parts.com" uses; a list, so "fine.Installed" (a missing space) is no link. */
const TLDS = 'com|net|org|info|biz|io|co|us|uk|ca|au|de|fr|nl|eu|ru|cn|in|me|app|shop|store|online|site|xyz|top|auto|parts';
const LINK = new RegExp(String.raw`https?://\S|\bwww\.\S|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?!\.\w)`, 'i');

/**
 * Phone shapes, not any run of digits: a part number (45-0123), a year range (2010-2014), a price
 * (1,299.99) or an OE number are no phones. International with + (7–15 digits), (555) 123-4567 and
 * 555-123-4567 or 555 123 4567, and the local 555-0199.
 */
const INTERNATIONAL = /\+\d{1,3}(?:[\s-]?\(?\d{1,4}\)?){2,5}(?!\d)/g;
const NATIONAL = /(?<![\d-])(?:\(\d{3}\)\s?|\d{3}[\s.-])?\d{3}[\s.-]\d{4}(?![\d-])/;

function hasPhone(text: string): boolean {
  if (NATIONAL.test(text)) return true;
  for (const match of text.matchAll(INTERNATIONAL)) {
    const digits = match[0].replace(/\D/g, '').length;
    if (digits >= 7 && digits <= 15) return true;
  }
  return false;
}

/** The flags of a review's own words (its title, if it has one, and its comment), in REVIEW_FLAGS' order. */
export function reviewFlags(...texts: string[]): ReviewFlag[] {
  const text = texts.join('\n');
  const flags: ReviewFlag[] = [];
  if (LINK.test(text)) flags.push('link');
  if (hasPhone(text)) flags.push('phone');
  return flags;
}
