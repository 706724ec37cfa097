import { useState, type ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';
import { FALLBACK_PRODUCT_IMAGE, imageSources } from '../../../../shared/images.js';

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
      sizes={shown.srcSet ? (sizes ?? laidOutSizes(props.width)) : undefined}
      alt={alt}
      onError={() => {
        if (shown.src !== FALLBACK_PRODUCT_IMAGE) setFailed(src);
      }}
    />
  );
}

/** `sizes` of a picture laid out `width` pixels wide (any width, when unknown). */
const laidOutSizes = (width: number | string | undefined) => (typeof width === 'number' ? `${width}px` : '100vw');

/**
 * Starts downloading a product's picture, laid out `width` pixels wide, before a page shows it (a part
 * page's largest paint): the very file the <ProductImage> will pick, which then finds it downloaded.
 */
export function preloadProductImage(src: string, width: number) {
  const { srcSet } = imageSources(src);
  preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: srcSet && laidOutSizes(width) });
}
