/**
 * A short-lived cache of public JSON answers (catalog pages, products, reviews), keyed by URL. A hit
 * costs no database read at all; the ETag lets browsers revalidate to a bodiless 304. This server drops
 * a group as soon as it changes it; changes made by other servers show here within `ttlMs` (1 s by
 * default) — the server still checks stock in the database for every order, so this never oversells.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, notModified } from './etag.js';

export type CacheGroup = 'catalog' | 'reviews';

interface Entry {
  json: Buffer;
  etag: string;
  headers: Record<string, string>;
  expiresAt: number;
}

export interface Built {
  body: unknown;
  headers?: Record<string, string>;
}

export class ResponseCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  async serve(request: FastifyRequest, reply: FastifyReply, group: CacheGroup, build: () => Promise<Built>) {
    const key = `${group}|${request.url}`;
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= Date.now()) {
      const { body, headers = {} } = await build();
      const json = Buffer.from(JSON.stringify(body));
      entry = { json, etag: etagOf(json), headers, expiresAt: Date.now() + this.ttlMs };
      if (this.ttlMs > 0) this.remember(key, entry);
    }
    reply.headers(entry.headers);
    if (notModified(request, reply, entry.etag)) return reply;
    return reply.type('application/json; charset=utf-8').send(entry.json);
  }

  invalidate(group: CacheGroup) {
    for (const key of this.entries.keys()) if (key.startsWith(`${group}|`)) this.entries.delete(key);
  }

  private remember(key: string, entry: Entry) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}
