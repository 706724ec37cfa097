/**
 * The HTTP server Fastify would create from its options (`serverFactory`), with one change: the response
 * cache may answer a repeated public GET before Fastify routes it (see ResponseCache.answerRepeat).
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { logAnsweredEarly } from './request-log.js';
import type { ResponseCache } from './response-cache.js';

// Not `import { createServer } from 'node:http'`: a module's import of it reads every export, and the lazy
// ones (`WebSocket`, `MessageEvent`, `CloseEvent`) load Node's bundled fetch client, undici, which the
// shop never uses: 1.2 MB more live heap and 3 MB more resident memory in an idle server.
const { createServer } = process.getBuiltinModule('node:http');

/** The options Fastify hands a server factory, as it resolved them (defaults applied). */
interface ResolvedServerOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

export function serverAnsweringRepeats(cache: ResponseCache, log: () => FastifyBaseLogger): FastifyServerFactory {
  return (fastifyHandler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ResolvedServerOptions;
    const server = createServer(options.http ?? {}, (request: IncomingMessage, response: ServerResponse) => {
      const startedAt = performance.now();
      const status = cache.answerRepeat(request, response);
      if (status) logAnsweredEarly(log(), request, status, performance.now() - startedAt);
      else fastifyHandler(request, response);
    });
    // What Fastify sets on the server it creates itself (fastify/lib/server.js).
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
