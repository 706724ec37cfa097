/**
 * Counters in fixed time windows, for rate limits and login lockouts. With PostgreSQL they live in the
 * database, so every app server counts the same hits; an SQLite file serves one process, so there they
 * live in its memory.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Executor } from '../db/schema.js';

export interface Hit {
  count: number;
  /** Epoch milliseconds when the window ends. */
  resetAt: number;
}

export interface Counters {
  /** Counts one more hit on `key`, starting a new window of `windowMs` if the last one ended. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Hits on `key` in its current window (0 when none). */
  count(key: string): Promise<number>;
  clear(key: string): Promise<void>;
}

/** At most this many keys in memory: the oldest window is forgotten first. */
const MEMORY_KEYS = 50_000;

export function memoryCounters(): Counters {
  const windows = new Map<string, Hit>();
  const live = (key: string, at = Date.now()) => {
    const window = windows.get(key);
    if (window && window.resetAt > at) return window;
    windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, windowMs) {
      const at = Date.now();
      const window = live(key, at) ?? { count: 0, resetAt: at + windowMs };
      window.count += 1;
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > MEMORY_KEYS) windows.delete(windows.keys().next().value!);
      return { ...window };
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/** Every this many hits, a server deletes the windows that ended (so the table stays small). */
const SWEEP_EVERY_HITS = 1000;

export function databaseCounters(db: Executor): Counters {
  let hits = 0;
  return {
    async hit(key, windowMs) {
      const at = Date.now();
      if (++hits % SWEEP_EVERY_HITS === 0) await db.deleteFrom('counters').where('reset_at', '<=', at).execute();
      const row = await db
        .insertInto('counters')
        .values({ key, count: 1, reset_at: at + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when counters.reset_at <= ${at} then 1 else counters.count + 1 end`,
            reset_at: sql<number>`case when counters.reset_at <= ${at} then ${at + windowMs} else counters.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: row.count, resetAt: Number(row.reset_at) };
    },
    async count(key) {
      const row = await db.selectFrom('counters').select('count').where('key', '=', key).where('reset_at', '>', Date.now()).executeTakeFirst();
      return row?.count ?? 0;
    },
    async clear(key) {
      await db.deleteFrom('counters').where('key', '=', key).execute();
    },
  };
}

/** Shared by every server on PostgreSQL; this process's own on SQLite. */
export function countersFor(db: Db): Counters {
  return db.dialect === 'postgres' ? databaseCounters(db.kysely) : memoryCounters();
}

/**
 * Claims `key` for one caller across every server (a job done once a day): true for the one whose row
 * lands, in the caller's transaction; the row lives until `keepUntil` (epoch ms), then the sweep may delete it.
 */
export async function claimOnce(db: Executor, key: string, keepUntil: number): Promise<boolean> {
  const row = await db
    .insertInto('counters')
    .values({ key, count: 1, reset_at: keepUntil })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isClaimed(db: Executor, key: string): Promise<boolean> {
  return (await db.selectFrom('counters').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

/** ORDER_RATE_LIMIT counts an account's orders in windows of this length. */
export const ORDER_RATE_WINDOW_MS = 10 * 60_000;
