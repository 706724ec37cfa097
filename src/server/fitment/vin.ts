/** Reading a VIN: what its own characters say, and an online decoder that knows more when one is set up. */
import type { FastifyBaseLogger } from 'fastify';
import { vinModelYear, vinWmi } from '../../shared/vin.js';
import { makeOfWmi } from './wmi.js';

/** What a VIN says about its vehicle. Only an online decoder knows the model and the engine. */
export interface VinDecoding {
  year: number;
  make: string;
  model?: string;
  /** The displacement as our engines begin, e.g. "1.8L". */
  engine?: string;
}

export interface VinDecoder {
  /** Null when the VIN does not tell its maker or model year; throws when the decoder cannot be asked. */
  decode(vin: string): Promise<VinDecoding | null>;
}

/** The VIN's own characters: the model year (position 10) and the maker (our WMI table). */
export const offlineDecoder: VinDecoder = {
  async decode(vin) {
    const year = vinModelYear(vin);
    const make = makeOfWmi(vinWmi(vin));
    return year !== null && make !== undefined ? { year, make } : null;
  },
};

/** Asks `online` first; when it cannot be asked (network, timeout, a garbled answer) or knows nothing, the VIN itself. */
export function withOfflineFallback(online: VinDecoder, log: FastifyBaseLogger): VinDecoder {
  return {
    async decode(vin) {
      try {
        return (await online.decode(vin)) ?? (await offlineDecoder.decode(vin));
      } catch (error) {
        log.warn({ err: error }, 'the online VIN decoder failed: decoding offline');
        return offlineDecoder.decode(vin);
      }
    },
  };
}

/**
 * At most `concurrency` calls to `online` at once, so a crowd of lookups cannot turn into a crowd of
 * requests to someone else's service. The others wait their turn up to `waitMs` (at most `maxWaiting`
 * of them); past that they are refused at once, which `withOfflineFallback` answers offline.
 */
export function bounded(online: VinDecoder, { concurrency, maxWaiting, waitMs }: { concurrency: number; maxWaiting: number; waitMs: number }): VinDecoder {
  let running = 0;
  const waiting: (() => void)[] = [];
  const busy = () => new Error('the online VIN decoder is busy');

  async function turn(): Promise<void> {
    if (running < concurrency) {
      running++;
      return;
    }
    if (waiting.length >= maxWaiting) throw busy();
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(busy());
      }, waitMs);
      timer.unref();
      waiting.push(start);
    });
  }
  // A finished call hands its place to the next in line, or gives it up.
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async decode(vin) {
      await turn();
      try {
        return await online.decode(vin);
      } finally {
        done();
      }
    },
  };
}

/**
 * What `online` answered about a VIN, kept for `ttlMs` (the `size` most recently used VINs), and one call
 * for a VIN however many ask about it at once: a vehicle's VIN decodes the same every time. A failed call
 * is not kept, so the next lookup asks again.
 */
export function remembered(online: VinDecoder, { size, ttlMs, now = Date.now }: { size: number; ttlMs: number; now?: () => number }): VinDecoder {
  const known = new Map<string, { decoding: VinDecoding | null; until: number }>();
  const asking = new Map<string, Promise<VinDecoding | null>>();

  function keep(vin: string, decoding: VinDecoding | null) {
    known.set(vin, { decoding, until: now() + ttlMs });
    // A Map iterates in insertion order: the first key is the one used longest ago.
    if (known.size > size) known.delete(known.keys().next().value!);
  }

  return {
    decode(vin) {
      const kept = known.get(vin);
      if (kept) {
        known.delete(vin);
        if (kept.until > now()) {
          known.set(vin, kept);
          return Promise.resolve(kept.decoding);
        }
      }
      let call = asking.get(vin);
      if (!call) {
        call = online
          .decode(vin)
          .then((decoding) => {
            keep(vin, decoding);
            return decoding;
          })
          .finally(() => asking.delete(vin));
        asking.set(vin, call);
      }
      return call;
    },
  };
}
