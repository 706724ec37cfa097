/**
 * A part's picture, fetched from the link a PIES file gave it into the shop's own storage, when staff ask:
 * the file goes through the upload's checks and re-encoding (media/images.ts), then the part links to
 * the stored copy. The link is fetched over http(s) only, for at most FETCH_TIMEOUT_MS and UPLOAD_MAX_BYTES.
 */
import { UPLOAD_MAX_BYTES } from '../../shared/images.js';
import { errorMessages } from '../../shared/messages.js';
import { type Actor, getListedProduct, updateProduct } from '../catalog/service.js';
import { type Executor, inTransaction, type ProductRow } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import { storePicture } from '../media/images.js';
import type { ImageStorage } from '../media/storage.js';

const m = errorMessages.pictureFetch;
const FETCH_TIMEOUT_MS = 15_000;

export async function fetchProductPicture(db: Executor, storage: ImageStorage, actor: Actor, productId: number): Promise<ProductRow> {
  const product = await getListedProduct(db, productId);
  const link = remoteLink(product.img);
  const url = await storePicture(storage, await download(link));
  return inTransaction(db, (trx) => updateProduct(trx, actor, productId, { img: url }));
}

function remoteLink(img: string): URL {
  try {
    const url = new URL(img);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // A path of ours: already in the shop.
  }
  throw badRequest(m.notRemote);
}

/** The file at the link, refused past UPLOAD_MAX_BYTES (read as it arrives, so a large one never sits in memory whole). */
async function download(link: URL): Promise<Buffer> {
  const response = await fetch(link, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' }).catch(() => {
    throw badRequest(m.unreachable(link.host));
  });
  if (!response.ok || !response.body) throw badRequest(m.failed(response.status));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > UPLOAD_MAX_BYTES) {
        await reader.cancel();
        throw badRequest(errorMessages.upload.tooLarge);
      }
      chunks.push(Buffer.from(read.value));
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(m.unreachable(link.host));
  }
  return Buffer.concat(chunks);
}
