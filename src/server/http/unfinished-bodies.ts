/**
 * REQUEST_TIMEOUT for a request the shop answered before its body arrived (a 401 or 403 is sent before
 * the body is read). Node's own `requestTimeout` cuts off a request whose body is late, but not every
 * Node version keeps watching it once its answer has gone out, and Node goes on reading (and discarding)
 * the rest: a client could then hold the connection by sending that rest slowly. So when an answer goes
 * out before the body has all arrived, the connection is closed at the request's deadline unless the
 * body has arrived by then.
 */
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function closeUnfinishedBodiesInTime(app: FastifyInstance, requestTimeoutMs: number) {
  if (requestTimeoutMs <= 0) return;
  app.addHook('onResponse', (request, reply, done) => {
    const { raw } = request;
    const { socket } = raw;
    // Only a network connection can be held open; an injected request has no socket to close.
    if (!raw.complete && socket instanceof Socket) {
      const deadline = setTimeout(() => {
        if (!raw.complete) socket.destroy();
      }, Math.max(0, requestTimeoutMs - reply.elapsedTime));
      deadline.unref();
      const stop = () => clearTimeout(deadline);
      raw.once('end', stop);
      socket.once('close', stop);
    }
    done();
  });
}
