import { describe, expect, it } from 'vitest';
import { sanitiseReturnTo } from './return-to.js';

describe('sanitiseReturnTo', () => {
  it('keeps a path on this shop, with its query and fragment', () => {
    expect(sanitiseReturnTo('/')).toBe('/');
    expect(sanitiseReturnTo('/place-order/3')).toBe('/place-order/3');
    expect(sanitiseReturnTo('/dashboard/myOrders?page=2#top')).toBe('/dashboard/myOrders?page=2#top');
    expect(sanitiseReturnTo('/a/../dashboard')).toBe('/dashboard');
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/login'],
    ['backslash that browsers read as a slash', '/\\evil.example'],
    ['backslash first', '\\\\evil.example'],
    ['tab that browsers drop', '/\t/evil.example'],
    ['newline that browsers drop', '/\n/evil.example'],
    ['absolute http URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'dashboard'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2001)}`],
  ])('turns a %s into /', (_what, value) => {
    expect(sanitiseReturnTo(value)).toBe('/');
  });

  it('turns anything that is not a string into /', () => {
    expect(sanitiseReturnTo(undefined)).toBe('/');
    expect(sanitiseReturnTo(['/a', '/b'])).toBe('/');
    expect(sanitiseReturnTo(42)).toBe('/');
  });
});
