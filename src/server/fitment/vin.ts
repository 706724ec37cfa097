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
