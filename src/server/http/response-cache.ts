/**
 * A short-lived cache of public JSON answers (catalog pages, products, reviews), keyed by URL. A hit
 * costs no database read at all; the ETag lets browsers revalidate to a bodiless 304. This server drops
 * a group as soon as it changes it; changes made by other servers show here within `ttlMs` (1 s by
 * default) — the server still checks stock in the database for every order, so this never oversells.
 *
 * A URL answered from the cache is also remembered as it was sent, headers and all: the next plain GET
 * of that same URL is answered with those bytes before Fastify sees it (`answerRepeat`, the server's
 * first request listener): skipping Fastify's routing, hooks and validation saves a third or more of
 * a cached read's CPU (docs/performance.md).
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, notModified } from './etag.js';

export type CacheGroup = 'catalog' | 'reviews' | 'vehicles';

interface Entry {
  json: Buffer;
  etag: string;
  headers: Record<string, string>;
  expiresAt: number;
  /** Tells this build of the answer from any other under the same key. */
  serial: number;
}

/**
 * An answer as it was sent for one URL: which entry it came from (by key and serial, not by reference:
 * remembered URLs must not keep a forgotten entry's body alive) and every header it had.
 */
interface SentAnswer {
  key: string;
  serial: number;
  headers: OutgoingHttpHeaders;
}

/**
 * What else a request can carry that changes an answer's headers: a revalidation (304), CORS (`Origin`),
 * https behind a proxy (HSTS). Requests with any of them always go through Fastify.
 */
const ANSWER_SHAPING_HEADERS = ['if-none-match', 'origin', 'x-forwarded-proto', 'forwarded'] as const;

function isPlainGet(method: string | undefined, headers: IncomingHttpHeaders) {
  return method === 'GET' && ANSWER_SHAPING_HEADERS.every((name) => headers[name] === undefined);
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
  private builds = 0;
  /** By the URL exactly as requested; at most `maxSentAnswers`, so junk URLs cannot grow it. */
  private sent = new Map<string, SentAnswer>();
  /** The entry each request was answered from, until its answer is sent. */
  private answering = new WeakMap<FastifyRequest, { key: string; entry: Entry }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly maxSentAnswers = 10_000,
  ) {}

  /** What the cache holds now, for tests and monitoring. */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async serve(request: FastifyRequest, reply: FastifyReply, group: CacheGroup, build: () => Promise<Built>) {
    const key = keyOf(group, request);
    const at = Date.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= at) entry = await (this.building.get(key) ?? this.buildOnce(key, at, build));
    reply.headers(entry.headers);
    if (notModified(request, reply, entry.etag)) return reply;
    if (this.entries.get(key) === entry) this.answering.set(request, { key, entry });
    return reply.type('application/json; charset=utf-8').send(entry.json);
  }

  /**
   * Remembers each answer sent from the cache with its final headers (register after every hook that
   * sets headers). Only plain GETs by anonymous callers, whose headers depend on nothing but the URL.
   */
  rememberSentAnswers(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const answered = this.answering.get(request);
      if (answered && payload === answered.entry.json && reply.statusCode === 200 && !request.viewer && isPlainGet(request.method, request.headers)) {
        const { key, entry } = answered;
        const headers = { ...reply.getHeaders(), 'content-length': entry.json.length } as OutgoingHttpHeaders;
        this.rememberSent(request.url, { key, serial: entry.serial, headers });
      }
      done(null, payload);
    });
  }

  /**
   * Answers a plain GET of a URL sent from the cache before, while its entry is current, with the same
   * status, headers and body. Returns false, having written nothing, for anything else.
   */
  answerRepeat(request: IncomingMessage, response: ServerResponse): boolean {
    const sent = request.url === undefined ? undefined : this.sent.get(request.url);
    if (!sent || !isPlainGet(request.method, request.headers)) return false;
    const entry = this.entries.get(sent.key);
    if (entry?.serial !== sent.serial || entry.expiresAt <= Date.now()) return false;
    response.writeHead(200, sent.headers);
    response.end(entry.json);
    return true;
  }

  private rememberSent(url: string, answer: SentAnswer) {
    this.sent.delete(url);
    if (this.sent.size >= this.maxSentAnswers) this.sent.delete(this.sent.keys().next().value!);
    this.sent.set(url, answer);
  }

  invalidate(group: CacheGroup) {
    for (const key of this.entries.keys()) if (key.startsWith(`${group}|`)) this.forget(key);
    // A build that started before the change must not be remembered after it.
    for (const key of this.building.keys()) if (key.startsWith(`${group}|`)) this.building.delete(key);
  }

  private buildOnce(key: string, at: number, build: () => Promise<Built>): Promise<Entry> {
    const built = build().then(({ body, headers = {} }) => {
      const json = Buffer.from(JSON.stringify(body));
      const entry = { json, etag: etagOf(json), headers, expiresAt: at + this.ttlMs, serial: ++this.builds };
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
    for (const [url, answer] of this.sent) if (this.entries.get(answer.key)?.serial !== answer.serial) this.sent.delete(url);
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
