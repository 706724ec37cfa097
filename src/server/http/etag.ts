import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function etagOf(text: string | Buffer): string {
  return `"${hash('sha1', text, 'base64url')}"`;
}

/**
 * Sets the ETag and `Cache-Control: no-cache` (the browser revalidates every time) and answers a bodiless
 * 304 when the browser already has this version. Returns true when the 304 was sent.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!browserHas(request.headers['if-none-match'], etag)) return false;
  reply.status(304).send();
  return true;
}

/** Whether an `If-None-Match` header names this version (weak or strong). */
function browserHas(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
}
