/**
 * Where uploaded pictures are kept: files on this machine's disk (one server), or an S3-compatible bucket
 * that every server writes to and browsers load from (several servers).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Config } from '../config.js';

/** A stored picture never changes (its name is its content's hash), so anyone may keep it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImageStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The address browsers load `key` from. */
  publicUrl(key: string): string;
}

/** Files under `dir`, served by this server at /uploads/<key> (see routes.ts). */
export function localDiskStorage(dir: string): ImageStorage {
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside, then renamed: a browser never gets (and keeps for a year) half a file.
      const partial = join(dir, `.${key}.${randomBytes(6).toString('hex')}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, join(dir, key));
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}

/** The AWS SDK is large, so it is loaded with the first upload, not at start. */
export function s3Storage(settings: S3Config): ImageStorage {
  const sdk = once(async () => {
    const { PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    return { client, PutObjectCommand };
  });
  return {
    async put(key, bytes, contentType) {
      const { client, PutObjectCommand } = await sdk();
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }),
      );
    },
    publicUrl: (key) => `${settings.publicUrl}/${key}`,
  };
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** Where the shop keeps pictures: the S3-compatible bucket when one is set, else the upload folder. */
export function pictureStorage(config: { uploadDir: string; s3?: S3Config | undefined }, uploadDir = config.uploadDir): ImageStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(uploadDir);
}
