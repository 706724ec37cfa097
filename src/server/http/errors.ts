/** One error shape for every 4xx/5xx: `{ error: { code, message, fields? } }`. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages } from '../../shared/messages.js';

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, 'validation', message, fields);
export const unauthenticated = () => new HttpError(401, 'unauthenticated', errorMessages.unauthenticated);
export const forbidden = () => new HttpError(403, 'forbidden', errorMessages.forbidden);
export const notFound = (what: string) => new HttpError(404, 'not_found', errorMessages.notFound(what));
export const conflict = (code: string, message: string, fields?: FieldErrors) =>
  new HttpError(409, code, message, fields);

/** Fastify's own 4xx errors, by code, mapped to ours. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: errorMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request' },
};

function fieldsOf(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    fields[field] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation);
      const first = Object.values(fields)[0];
      return reply.status(400).send({
        error: { code: 'validation', message: first ?? errorMessages.validationFailed, fields },
      });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ error: { code: known.code, message: known.message ?? error.message } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: error.code ?? 'bad_request', message: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: errorMessages.internal } });
  });
}
