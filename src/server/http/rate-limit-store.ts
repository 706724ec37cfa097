/** @fastify/rate-limit's store, counting in the shop's counters (shared by every server on PostgreSQL). */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** What the store needs: a counter per key and window (limits/service.ts provides it). */
export type HitCounter = (key: string, windowMs: number) => Promise<{ count: number; resetAt: number }>;

export function rateLimitStore(hit: HitCounter): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(route: { method?: string | string[]; path: string }) {
      return new CounterStore(undefined, `rate:${String(route.method)} ${route.path}|`);
    }
  }
  return CounterStore;
}
