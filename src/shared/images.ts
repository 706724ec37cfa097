/**
 * Uploaded product pictures, for the server that makes them and the browser that shows them: each upload
 * is stored as WebP at a few widths, named `<hash>-<width>.webp` after its content, and the product keeps
 * the URL of the middle width.
 */

/** The shop's own picture: a part added without one shows it, and so does a product whose picture cannot be loaded (a dead link). */
export const FALLBACK_PRODUCT_IMAGE = '/images/product-fallback.svg';

/** The widths every upload is stored at (a smaller picture is never enlarged, so some may be equal). */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The width whose URL the upload answers and the product stores. */
export const STORED_IMAGE_WIDTH: ImageWidth = 800;

export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** Larger pictures are refused: decoding one would take hundreds of megabytes of memory. */
export const UPLOAD_MAX_MEGAPIXELS = 50;

/** Hex digits of the content hash (SHA-256) that name an upload: the same picture twice is the same file. */
export const IMAGE_HASH_LENGTH = 16;
const HASH = `[0-9a-f]{${IMAGE_HASH_LENGTH}}`;

/** `0123456789abcdef-800.webp`: one width of one upload. */
export const uploadedImageName = (hash: string, width: ImageWidth) => `${hash}-${width}.webp`;
/** A file name `uploadedImageName` can give, and no other. */
export const UPLOADED_IMAGE_NAME = new RegExp(`^${HASH}-(${IMAGE_WIDTHS.join('|')})\\.webp$`);

/** An uploaded picture's stored URL, local (/uploads/…) or in a bucket (https://…): its folder and its hash. */
const STORED_UPLOAD = new RegExp(`^([^\\s,]*/)(${HASH})-${STORED_IMAGE_WIDTH}\\.webp$`);

/** `src` and, for an uploaded picture, a `srcSet` of all its widths so the browser loads the one it needs. */
export function imageSources(img: string): { src: string; srcSet?: string } {
  const [, folder, hash] = STORED_UPLOAD.exec(img) ?? [];
  if (folder === undefined || hash === undefined) return { src: img };
  return { src: img, srcSet: IMAGE_WIDTHS.map((width) => `${folder}${uploadedImageName(hash, width)} ${width}w`).join(', ') };
}
