/**
 * A short-lived cache of public JSON answers (catalog pages, products, reviews), keyed by URL. A hit
 * costs no database read at all; the ETag lets browsers revalidate to a bodiless 304. This server drops
 * a group as soon as it changes it; changes made by other servers show here within `ttlMs` (1 s by
 * default) — the server still checks stock in the database for every order, so this never oversells.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, notModified } from './etag.js';

export type CacheGroup = 'catalog' | 'reviews' | 'vehicles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For a route that writes: the cached answers its success makes stale (see `dropChangedGroups`). */
    changes?: CacheGroup;
  }
}

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

/**
 * Keyed on the route and the query as its schema parsed it (unknown parameters dropped, order ignored),
 * so junk in the URL cannot mint new entries. Expired entries are swept, and the cache holds at most
 * `maxBytes` of answers: past that the oldest go first.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  /** Answers being built: callers that miss together wait for one build instead of each querying. */
  private building = new Map<string, Promise<Entry>>();
  private bytes = 0;
  private nextSweep = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 8 * 1024 * 1024,
  ) {}

  /** What the cache holds now, for tests and monitoring. */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async serve(request: FastifyRequest, reply: FastifyReply, group: CacheGroup, build: () => Promise<Built>) {
    const entry = await this.entryFor(keyOf(group, request), build);
    reply.headers(entry.headers);
    if (notModified(request, reply, entry.etag)) return reply;
    return reply.type('application/json; charset=utf-8').send(entry.json);
  }

  /**
   * The public answer, cached or built as `serve` has it, changed for this one caller by `decorate` (a
   * member's own prices): sent `private, no-store`, never stored here, so nobody else ever gets it.
   * Without `decorate`, as `serve`.
   */
  async serveDecorated(request: FastifyRequest, reply: FastifyReply, group: CacheGroup, build: () => Promise<Built>, decorate: ((body: unknown) => Promise<unknown>) | undefined) {
    if (!decorate) return this.serve(request, reply, group, build);
    const entry = await this.entryFor(keyOf(group, request), build);
    const body = await decorate(JSON.parse(entry.json.toString('utf8')));
    return reply.headers(entry.headers).header('cache-control', 'private, no-store').send(body);
  }

  private async entryFor(key: string, build: () => Promise<Built>): Promise<Entry> {
    const at = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > at) return entry;
    return this.building.get(key) ?? this.buildOnce(key, at, build);
  }

  /**
   * After a route that states `config.changes` succeeded, drops that group: once its transaction has
   * committed (the handler is done), so no read in between caches the old figures again, and before its
   * answer is sent, so the caller's next read sees its change. Order moves drop what they make stale
   * themselves (flows/order-process.ts).
   */
  dropChangedGroups(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const { changes } = request.routeOptions.config;
      if (changes && reply.statusCode < 300) this.invalidate(changes);
      done(null, payload);
    });
  }

  invalidate(group: CacheGroup) {
    for (const key of this.entries.keys()) if (key.startsWith(`${group}|`)) this.forget(key);
    // A build that started before the change must not be remembered after it.
    for (const key of this.building.keys()) if (key.startsWith(`${group}|`)) this.building.delete(key);
  }

  private buildOnce(key: string, at: number, build: () => Promise<Built>): Promise<Entry> {
    const built = build().then(({ body, headers = {} }) => {
      const json = Buffer.from(JSON.stringify(body));
      const entry = { json, etag: etagOf(json), headers, expiresAt: at + this.ttlMs };
      if (this.ttlMs > 0 && this.building.get(key) === built) this.remember(key, entry, at);
      return entry;
    });
    if (this.ttlMs <= 0) return built;
    this.building.set(key, built);
    const done = () => {
      if (this.building.get(key) === built) this.building.delete(key);
    };
    built.then(done, done);
    return built;
  }

  private remember(key: string, entry: Entry, at: number) {
    this.forget(key);
    if (at >= this.nextSweep) this.sweep(at);
    if (entry.json.length > this.maxBytes) return;
    while (this.bytes + entry.json.length > this.maxBytes) this.forget(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    this.bytes += entry.json.length;
  }

  private sweep(at: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= at) this.forget(key);
    this.nextSweep = at + Math.max(this.ttlMs, 1000);
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.json.length;
    this.entries.delete(key);
  }
}

/** `name=value&…` of what the route's schemas parsed, names sorted, absent values left out. */
function canonical(values: unknown): string {
  const record = (values ?? {}) as Record<string, unknown>;
  return Object.keys(record)
    .filter((name) => record[name] !== undefined)
    .sort()
    .map((name) => `${name}=${JSON.stringify(record[name])}`)
    .join('&');
}

/** The route, its parsed path parameters and its parsed query: '/api/products/0007?x=1' is '/api/products/7'. */
function keyOf(group: CacheGroup, request: FastifyRequest): string {
  return `${group}|${request.routeOptions.url}|${canonical(request.params)}|${canonical(request.query)}`;
}
