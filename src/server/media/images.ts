/**
 * An uploaded file becomes product pictures only if its content decodes as one of the usual photo formats
 * (whatever its name or declared type says). It is turned upright by its EXIF orientation, stripped of its
 * metadata (camera, GPS position) and re-encoded as WebP at each of IMAGE_WIDTHS.
 */
import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import {
  IMAGE_HASH_LENGTH,
  IMAGE_WIDTHS,
  STORED_IMAGE_WIDTH,
  UPLOAD_MAX_MEGAPIXELS,
  uploadedImageName,
} from '../../shared/images.js';
import { errorMessages } from '../../shared/messages.js';
import { badRequest } from '../http/errors.js';
import type { ImageStorage } from './storage.js';

const MAX_INPUT_PIXELS = UPLOAD_MAX_MEGAPIXELS * 1_000_000;

/** libvips is loaded with the first upload: a shop that never uploads never spends memory on it. */
const loadSharp = async () => (await import('sharp')).default;
type Sharp = Awaited<ReturnType<typeof loadSharp>>;
const WEBP_QUALITY = 80;

/** Formats taken as they are; HEIF only with AV1 inside (AVIF): SVG (a document that can run script), PDF and the rest are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff']);
const isAcceptedFormat = ({ format, compression }: Metadata) =>
  ACCEPTED_FORMATS.has(format) || (format === 'heif' && compression === 'av1');

/** Only the header is read here, so a picture too large to decode can still be told apart from a file that is no picture. */
async function checkIsPicture(sharp: Sharp, bytes: Buffer): Promise<void> {
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || !isAcceptedFormat(metadata)) throw badRequest(errorMessages.upload.notAPicture);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw badRequest(errorMessages.upload.tooManyPixels);
}

/**
 * The picture upright, at the largest width, as raw pixels: the one time the upload itself is decoded
 * (the smaller widths are made from this, not from a full-size decode each).
 */
async function uprightPixels(sharp: Sharp, bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: Math.max(...IMAGE_WIDTHS), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      // The header was fine but the picture itself is broken (cut short, corrupt).
      throw badRequest(errorMessages.upload.notAPicture);
    });
}

/** Stores every width of the picture in `bytes` and answers the URL of the stored width; 400 if it is no picture. */
export async function storePicture(storage: ImageStorage, bytes: Buffer): Promise<string> {
  const sharp = await loadSharp();
  await checkIsPicture(sharp, bytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, IMAGE_HASH_LENGTH);
  const { data, info } = await uprightPixels(sharp, bytes);
  await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const webp = await sharp(data, { raw: info }).resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
      await storage.put(uploadedImageName(hash, width), webp, 'image/webp');
    }),
  );
  return storage.publicUrl(uploadedImageName(hash, STORED_IMAGE_WIDTH));
}
