/**
 * Logging that costs little at the default level: one line per request (Fastify's default writes two,
 * "incoming request" and "request completed", each with the whole request serialised), written to
 * stdout asynchronously (pino buffers while a write is in flight and flushes what is left when the
 * process exits). Measured in docs/performance.md.
 */
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/**
 * While stdout is not read (a stalled log collector), lines wait in memory up to this much; past it, new
 * lines are dropped rather than the server growing or stopping to answer.
 */
const MAX_UNWRITTEN_LOG_BYTES = 4 * 1024 * 1024;

export function serverLogger(level: string): FastifyServerOptions['logger'] {
  return { level, stream: pino.destination({ dest: 1, sync: false, maxLength: MAX_UNWRITTEN_LOG_BYTES }) };
}

/** No line when a request arrives; method, URL, status and time once it is answered. */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** The same line for a request answered before Fastify saw it (a repeat from the response cache). */
export function logAnsweredEarly(log: FastifyBaseLogger, request: IncomingMessage, statusCode: number, responseTime: number) {
  log.info({ method: request.method, url: request.url, statusCode, responseTime }, 'request');
}
