import { resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadAnswerSchema } from '../../shared/api.js';
import { IMAGE_WIDTHS, STORED_IMAGE_WIDTH, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, UPLOADED_IMAGE_NAME } from '../../shared/images.js';
import { errorMessages } from '../../shared/messages.js';
import { typed, type AppContext } from '../app-types.js';
import { badRequest, HttpError } from '../http/errors.js';
import { storePicture } from './images.js';
import { IMMUTABLE_CACHE_CONTROL, pictureStorage } from './storage.js';

const tags = ['media'];
/** The form field that carries the picture. */
const FILE_FIELD = 'file';

const tooLarge = () => new HttpError(413, 'body_too_large', errorMessages.upload.tooLarge);

async function fileField(request: FastifyRequest): Promise<Buffer | undefined> {
  const part = await request.file();
  if (part?.fieldname !== FILE_FIELD) return undefined;
  const bytes = await part.toBuffer();
  // The plugin throws when it reads past the limit inside a piece of the body, but a limit that falls
  // exactly between two pieces only marks the file truncated: its first 10 MB would be kept as the picture.
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/** Reading a multipart body fails only for what the client sent: never a 500. */
function refusal(error: { code?: string; statusCode?: number }) {
  if (error instanceof HttpError) return error;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  // The plugin's own refusals (a second file, a __proto__ field) keep their status; the parser's (a form cut
  // short, no boundary) have none.
  if (error.statusCode && error.statusCode < 500) return error;
  return new HttpError(400, 'bad_request', errorMessages.upload.unreadable);
}

/** The picture sent in the form's `file` field, whole: 400 without one, 413 when it is over the limit. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const bytes = request.isMultipart() ? await fileField(request).catch((error) => Promise.reject(refusal(error))) : undefined;
  if (!bytes?.length) throw badRequest(errorMessages.upload.missing);
  return bytes;
}

/** GET /uploads/<hash>-<width>.webp from the upload folder; any other name (a folder, `..`, a half-written file) is a 404. */
async function serveUploads(app: FastifyInstance, dir: string) {
  await app.register(async (uploads) => {
    uploads.addHook('onRequest', (request, reply, done) => {
      const name = (request.params as { '*'?: string })['*'] ?? '';
      if (UPLOADED_IMAGE_NAME.test(name)) done();
      else reply.callNotFound();
    });
    await uploads.register(fastifyStatic, {
      root: dir,
      prefix: '/uploads/',
      // app.ts's storefront files give replies their sendFile; a second one would clash.
      decorateReply: false,
      index: false,
      // Nothing to warn about: the folder appears with the first upload.
      suppressWarning: true,
      cacheControl: false,
      setHeaders: (res) => res.header('cache-control', IMMUTABLE_CACHE_CONTROL),
    });
  });
}

export async function mediaRoutes(app: FastifyInstance, { config }: AppContext) {
  const uploadDir = resolve(config.uploadDir);
  const storage = pictureStorage(config, uploadDir);
  // Multipart bodies are accepted here only; the rest of the API takes JSON.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });

  typed(app).post(
    '/api/uploads',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          `A product picture in the multipart field \`${FILE_FIELD}\` (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most ${UPLOAD_MAX_MB} MB), ` +
          `stored as WebP ${IMAGE_WIDTHS.join(', ')} pixels wide (never enlarged). Answers the URL of the ${STORED_IMAGE_WIDTH}-wide one, ` +
          `\`…/<hash>-${STORED_IMAGE_WIDTH}.webp\`; the others have their width in place of ${STORED_IMAGE_WIDTH}.`,
        response: { 201: uploadAnswerSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ url: await storePicture(storage, await uploadedFile(request)) }),
  );

  if (!config.s3) await serveUploads(app, uploadDir);
}
