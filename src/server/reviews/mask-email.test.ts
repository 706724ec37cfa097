import { describe, expect, it } from 'vitest';
import { maskEmail } from './service.js';

describe('maskEmail', () => {
  it.each([
    ['rita@example.com', 'r***@example.com'],
    ['r@example.com', 'r***@example.com'],
    ['@example.com', '***@example.com'],
    ['no-at-sign', 'n***@'],
    ['a@b@c', 'a***@b'],
    ['', '***@'],
  ])('masks %j as %j: the first letter and the domain, up to any second @', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
