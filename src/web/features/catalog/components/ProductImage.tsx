import { useState, type ImgHTMLAttributes } from 'react';

/** The shop's own picture for a product whose picture cannot be loaded (a dead link): never a broken image. */
export const FALLBACK_PRODUCT_IMAGE = '/images/product-fallback.svg';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string; alt: string };

/** A product's picture; if it fails to load, the fallback picture takes its place (same size and alt text). */
export function ProductImage({ src, alt, ...props }: ProductImageProps) {
  // The link that failed: a new `src` (another product, a fixed link) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? FALLBACK_PRODUCT_IMAGE : src;
  return (
    <img
      {...props}
      src={shown}
      alt={alt}
      onError={() => {
        if (shown !== FALLBACK_PRODUCT_IMAGE) setFailed(src);
      }}
    />
  );
}
