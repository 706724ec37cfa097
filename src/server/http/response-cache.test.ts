import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

/** The little of a request and a reply the cache reads and writes. */
function exchange(url = '/api/products/:id', id = '7') {
  const request = { routeOptions: { url }, params: { id }, query: {}, headers: {} } as unknown as FastifyRequest;
  const sent: Buffer[] = [];
  const reply = {
    header: () => reply,
    headers: () => reply,
    type: () => reply,
    status: () => reply,
    send: (body: Buffer) => sent.push(body),
  } as unknown as FastifyReply;
  return { request, reply, sent };
}

/** A build the test finishes when it wants, counting how often it was started. */
function slowBuild(body: unknown) {
  let finish!: () => void;
  const started = { count: 0 };
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const build = async () => {
    started.count++;
    await gate;
    return { body };
  };
  return { build, started, finish };
}

describe('the response cache', () => {
  it('builds an answer once for callers that miss together, and all of them get it', async () => {
    const cache = new ResponseCache(60_000);
    const { build, started, finish } = slowBuild({ stock: 50 });
    const callers = Array.from({ length: 20 }, () => exchange());
    const served = callers.map(({ request, reply }) => cache.serve(request, reply, 'catalog', build));
    finish();
    await Promise.all(served);
    expect(started.count).toBe(1);
    expect(callers.map(({ sent }) => sent.map(String))).toEqual(callers.map(() => ['{"stock":50}']));
  });

  it('does not remember a build that a change overtook: the next caller builds afresh', async () => {
    const cache = new ResponseCache(60_000);
    const stale = slowBuild({ stock: 50 });
    const first = exchange();
    const waiting = cache.serve(first.request, first.reply, 'catalog', stale.build);
    cache.invalidate('catalog');
    stale.finish();
    await waiting;
    expect(first.sent.map(String)).toEqual(['{"stock":50}']);

    const fresh = slowBuild({ stock: 45 });
    fresh.finish();
    const next = exchange();
    await cache.serve(next.request, next.reply, 'catalog', fresh.build);
    expect(fresh.started.count).toBe(1);
    expect(next.sent.map(String)).toEqual(['{"stock":45}']);
  });

  it('builds every time when caching is off', async () => {
    const cache = new ResponseCache(0);
    const { build, started, finish } = slowBuild({ stock: 50 });
    finish();
    for (let i = 0; i < 3; i++) {
      const { request, reply } = exchange();
      await cache.serve(request, reply, 'catalog', build);
    }
    expect(started.count).toBe(3);
  });
});
