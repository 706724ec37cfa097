import { useState, type ImgHTMLAttributes } from 'react';
import { imageSources } from '../../../../shared/images.js';

/** The shop's own picture for a product whose picture cannot be loaded (a dead link): never a broken image. */
export const FALLBACK_PRODUCT_IMAGE = '/images/product-fallback.svg';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & { src: string; alt: string };

/**
 * A product's picture; if it fails to load, the fallback picture takes its place (same size and alt text).
 * An uploaded picture comes in several widths: the browser picks the one for `sizes` (by default the
 * `width` it is laid out at) and the screen's pixel density.
 */
export function ProductImage({ src, alt, sizes, ...props }: ProductImageProps) {
  // The link that failed: a new `src` (another product, a fixed link) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? { src: FALLBACK_PRODUCT_IMAGE } : imageSources(src);
  return (
    <img
      {...props}
      src={shown.src}
      srcSet={shown.srcSet}
      sizes={shown.srcSet ? (sizes ?? (typeof props.width === 'number' ? `${props.width}px` : '100vw')) : undefined}
      alt={alt}
      onError={() => {
        if (shown.src !== FALLBACK_PRODUCT_IMAGE) setFailed(src);
      }}
    />
  );
}
