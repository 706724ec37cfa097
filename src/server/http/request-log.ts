/**
 * Logging that costs little at the default level: one line per request (Fastify's default writes two,
 * "incoming request" and "request completed", each with the whole request serialised), written to
 * stdout asynchronously (pino buffers while a write is in flight and flushes what is left when the
 * process exits), so a request never waits for its log line.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * While stdout is not read (a stalled log collector), lines wait in memory up to this much; past it, new
 * lines are dropped rather than the server growing or stopping to answer.
 */
const MAX_UNWRITTEN_LOG_BYTES = 4 * 1024 * 1024;

/** How much the log may hold unwritten before a writer of many lines at once waits for it. */
const CAUGHT_UP_BYTES = 64 * 1024;

/** A writer of many lines waits at most this long: a log that writes nothing (stdout gone) must not stop it. */
const MAX_WAIT_FOR_LOG_MS = 1000;

export interface ServerLogging {
  options: { level: string; stream: pino.DestinationStream };
  /** Resolves once the log holds little unwritten (or after a second at most). */
  caughtUp(): Promise<void>;
}

/** The server's log: to stdout (`dest`: another file descriptor or a path), asynchronously. */
export function serverLogging(level: string, dest: number | string = 1): ServerLogging {
  const destination = new PacedDestination(pino.destination({ dest, sync: false, maxLength: MAX_UNWRITTEN_LOG_BYTES }));
  return { options: { level, stream: destination }, caughtUp: () => destination.caughtUp() };
}

/**
 * pino's asynchronous destination, counting what it holds unwritten so that a writer of many lines can
 * wait for it: the e-mail log, which may write a backlog of thousands of messages faster than the
 * destination writes them out. Unpaced, such a backlog fills the buffer and every line past it is
 * lost, the requests' too.
 */
class PacedDestination {
  private unwritten = 0;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly destination: ReturnType<typeof pino.destination>) {
    destination.on('write', (bytes: number) => this.written(bytes));
    destination.on('drop', (line: string) => this.written(Buffer.byteLength(line)));
  }

  write(line: string): boolean {
    this.unwritten += Buffer.byteLength(line);
    return this.destination.write(line);
  }

  caughtUp(): Promise<void> {
    if (this.unwritten <= CAUGHT_UP_BYTES) return Promise.resolve();
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.waiters.delete(release);
        resolve();
      };
      const timer = setTimeout(release, MAX_WAIT_FOR_LOG_MS);
      this.waiters.add(release);
    });
  }

  private written(bytes: number): void {
    this.unwritten -= bytes;
    if (this.unwritten > CAUGHT_UP_BYTES) return;
    for (const release of [...this.waiters]) release();
  }
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
