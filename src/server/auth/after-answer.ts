/**
 * Work a request sets off once its answer is sent, so that how long the work takes cannot be read from
 * the answer (a password reset for a known address against one for an unknown address). Kept here until
 * done: a closing server waits for it, and so can a test that reads what the work wrote.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const pending = new Set<Promise<void>>();

export function afterAnswer(request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>): void {
  const done: Promise<void> = new Promise<void>((sent) => reply.then(() => sent(), () => sent()))
    .then(work)
    .catch((error: unknown) => request.log.error({ err: error }, 'work after the answer failed'))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves once the work set off so far (and any it set off in turn) is done. */
export async function afterAnswersDone(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
