/**
 * A short-lived cache of public JSON answers (catalog pages, products, reviews), keyed by URL. A hit
 * costs no database read at all; the ETag lets browsers revalidate to a bodiless 304. This server drops
 * a group as soon as it changes it; changes made by other servers show here within `ttlMs` (1 s by
 * default) — the server still checks stock in the database for every order, so this never oversells.
 *
 * A URL answered from the cache is also remembered as it was sent, headers and all: the next GET of
 * that same URL is answered with those bytes before Fastify sees it, and a browser's revalidation with
 * the 304 sent before (`answerRepeat`, the server's first request listener). Skipping Fastify's
 * routing, hooks and validation saves a third or more of a cached read's CPU (docs/performance.md).
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { browserHas, etagOf, notModified } from './etag.js';

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
 * The answers sent for one URL: which entry they came from (by key and serial, not by reference:
 * remembered URLs must not keep a forgotten entry's body alive) and every header of its 200 and of its
 * 304 (to a browser that has this version), as far as each has been sent.
 */
interface SentAnswers {
  key: string;
  serial: number;
  headers: { 200?: OutgoingHttpHeaders; 304?: OutgoingHttpHeaders };
}

/**
 * What else a request can carry that changes an answer's headers: CORS (`Origin`), https behind a proxy
 * (HSTS). Requests with any of them always go through Fastify. (`If-None-Match` only chooses between
 * the 200 and the 304, each remembered with its own headers.)
 */
const ANSWER_SHAPING_HEADERS = ['origin', 'x-forwarded-proto', 'forwarded'] as const;

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
  private sent = new Map<string, SentAnswers>();
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
    if (this.entries.get(key) === entry) this.answering.set(request, { key, entry });
    if (notModified(request, reply, entry.etag)) return reply;
    return reply.type('application/json; charset=utf-8').send(entry.json);
  }

  /**
   * Remembers each answer sent from the cache with its final headers (register after every hook that
   * sets headers). Only plain GETs by anonymous callers, whose headers depend on nothing but the URL.
   */
  rememberSentAnswers(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const answered = this.answering.get(request);
      const status = reply.statusCode;
      const asBuilt = status === 304 || (status === 200 && payload === answered?.entry.json);
      if (answered && asBuilt && !request.viewer && isPlainGet(request.method, request.headers)) {
        const { key, entry } = answered;
        const headers = reply.getHeaders() as OutgoingHttpHeaders;
        this.rememberSent(request.url, key, entry.serial, status, status === 200 ? { ...headers, 'content-length': entry.json.length } : headers);
      }
      done(null, payload);
    });
  }

  /**
   * Answers a GET of a URL sent from the cache before, while its entry is current, as it was answered
   * then: the same status (200, or 304 when the browser has this version), headers and body. Returns the
   * status sent, or 0, having written nothing, when the request needs Fastify.
   */
  answerRepeat(request: IncomingMessage, response: ServerResponse): 0 | 200 | 304 {
    const sent = request.url === undefined ? undefined : this.sent.get(request.url);
    if (!sent || !isPlainGet(request.method, request.headers)) return 0;
    const entry = this.entries.get(sent.key);
    if (entry?.serial !== sent.serial || entry.expiresAt <= Date.now()) return 0;
    const status = browserHas(request.headers['if-none-match'], entry.etag) ? 304 : 200;
    const headers = sent.headers[status];
    if (!headers) return 0;
    response.writeHead(status, headers);
    response.end(status === 200 ? entry.json : undefined);
    return status;
  }

  private rememberSent(url: string, key: string, serial: number, status: 200 | 304, headers: OutgoingHttpHeaders) {
    const earlier = this.sent.get(url);
    const answers: SentAnswers = earlier?.serial === serial && earlier.key === key ? earlier : { key, serial, headers: {} };
    answers.headers[status] = headers;
    this.sent.delete(url);
    if (this.sent.size >= this.maxSentAnswers) this.sent.delete(this.sent.keys().next().value!);
    this.sent.set(url, answers);
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
