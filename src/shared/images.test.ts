import { describe, expect, it } from 'vitest';
import { imageSources } from './images.js';

describe('imageSources', () => {
  it('gives an uploaded picture on this server all its widths', () => {
    expect(imageSources('/uploads/0123456789abcdef-800.webp')).toEqual({
      src: '/uploads/0123456789abcdef-800.webp',
      srcSet: '/uploads/0123456789abcdef-400.webp 400w, /uploads/0123456789abcdef-800.webp 800w, /uploads/0123456789abcdef-1600.webp 1600w',
    });
  });

  it('gives an uploaded picture in a bucket all its widths, at the same address', () => {
    const img = 'https://pictures.example.com/shop/fedcba9876543210-800.webp';
    expect(imageSources(img).srcSet).toBe(
      'https://pictures.example.com/shop/fedcba9876543210-400.webp 400w, ' +
        'https://pictures.example.com/shop/fedcba9876543210-800.webp 800w, ' +
        'https://pictures.example.com/shop/fedcba9876543210-1600.webp 1600w',
    );
  });

  it('leaves any other picture alone', () => {
    for (const img of [
      '/images/products/tire.svg',
      'https://example.com/photos/brake-800.webp',
      '/uploads/0123456789abcdef-400.webp',
      '/uploads/0123456789ABCDEF-800.webp',
      '/uploads/0123456789abcdef-800.webp?v=2',
      'https://example.com/a b/0123456789abcdef-800.webp',
      '0123456789abcdef-800.webp',
    ]) {
      expect(imageSources(img)).toEqual({ src: img });
    }
  });
});
