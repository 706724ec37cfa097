/**
 * Text with a NUL character is refused before any handler runs: PostgreSQL cannot store it (the insert
 * would fail with a 500) and no field of this shop has a use for it. It runs after the route's own
 * access checks (some are preValidation hooks), so a caller who may not call a route learns nothing more.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** Parsed input is strings, arrays and plain objects; anything else (a file's stream, a buffer) is not text to look into. */
const isPlainData = (value: object) => Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value));

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || !isPlainData(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    const nul = containsNul(request.query) || containsNul(request.params) || containsNul(request.body);
    done(nul ? badRequest(NUL_MESSAGE) : undefined);
  });
}
