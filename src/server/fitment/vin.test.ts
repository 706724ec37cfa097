/** Reading a VIN: check digits and model years as the standard has them, our WMI table, and the decoders. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasValidCheckDigit, VIN_PATTERN, vinCheckDigit, vinModelYear } from '../../shared/vin.js';
import { fieldMessages, vinSchema } from '../../shared/schemas.js';
import { loadConfig } from '../config.js';
import { type FakeVpic, startFakeVpic } from '../test/fake-vpic.js';
import { bounded, offlineDecoder, remembered, type VinDecoder, type VinDecoding, withOfflineFallback } from './vin.js';
import { vpicDecoder } from './vpic.js';
import { makeOfWmi, WMI_ENTRIES } from './wmi.js';

/** 49 CFR 565's own example (check digit X), a 2003 Honda Accord, and VINs checked with the shared function. */
const VALID = ['1M8GDM9AXKP042788', '1HGCM82633A004352', '5YJ3E1EA2KF317000', '2T1BURHE0FC000001', 'WBA8E1C54GK000001'];
const COROLLA_2015 = '2T1BURHE0FC000001';

describe('VIN check digit (position 9)', () => {
  it.each(VALID)('accepts %s', (vin) => {
    expect(hasValidCheckDigit(vin)).toBe(true);
    expect(vinSchema.parse(vin)).toBe(vin);
  });

  it('gives X when the weighted sum leaves 10', () => {
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });

  it.each([
    ['1M8GDM9AXKP042789', 'the serial number changed'],
    ['1M8GDM9A0KP042788', 'the check digit changed'],
    ['1M8GDN9AXKP042788', 'a letter of the model changed'],
    ['5YJ3E1EA7KF317000', 'a made-up Tesla number (its check digit is 2)'],
    ['2T1BURHE0FC000010', 'two digits swapped'],
  ])('refuses %s: %s', (vin) => {
    expect(hasValidCheckDigit(vin)).toBe(false);
    expect(vinSchema.safeParse(vin).error?.issues.map((issue) => issue.message)).toEqual([fieldMessages.vinCheckDigit]);
  });

  it('refuses I, O and Q, a wrong length and other characters as not a VIN at all', () => {
    for (const vin of ['1M8GDM9AXKP04278I', 'OM8GDM9AXKP042788', '1M8GDM9AXKQ042788', '1M8GDM9AXKP04278', '1M8GDM9AXKP0427888', '1M8GDM9AXKP-42788', '']) {
      expect(vinSchema.safeParse(vin).error?.issues[0]?.message, vin).toBe(fieldMessages.vinInvalid);
    }
    expect(VIN_PATTERN.test('1M8GDM9AXKP042788')).toBe(true);
  });

  it('reads a VIN typed in lower case with spaces around', () => {
    expect(vinSchema.parse(' 1m8gdm9axkp042788 ')).toBe('1M8GDM9AXKP042788');
  });
});

describe('VIN model year (position 10)', () => {
  it('reads 1980–2009 when position 7 is a digit and 2010–2039 when it is a letter', () => {
    expect(vinModelYear('1M8GDM9AXKP042788')).toBe(1989); // position 7 '9'
    expect(vinModelYear('1HGCM82633A004352')).toBe(2003); // position 7 '2'
    expect(vinModelYear('5YJ3E1EA2KF317000')).toBe(2019); // position 7 'E'
    expect(vinModelYear(COROLLA_2015)).toBe(2015); // position 7 'H'
  });

  it('walks the 30 codes of a cycle: letters, then Y, then 1–9', () => {
    const withYearCode = (seventh: string, code: string) => `2T1BUR${seventh}E0${code}C000001`;
    expect(vinModelYear(withYearCode('E', 'A'))).toBe(2010);
    expect(vinModelYear(withYearCode('E', 'H'))).toBe(2017);
    expect(vinModelYear(withYearCode('E', 'J'))).toBe(2018); // I is never a year code
    expect(vinModelYear(withYearCode('E', 'Y'))).toBe(2030);
    expect(vinModelYear(withYearCode('E', '1'))).toBe(2031);
    expect(vinModelYear(withYearCode('E', '9'))).toBe(2039);
    expect(vinModelYear(withYearCode('5', 'A'))).toBe(1980);
    expect(vinModelYear(withYearCode('5', 'Y'))).toBe(2000);
    expect(vinModelYear(withYearCode('5', '9'))).toBe(2009);
  });

  it('has no year for 0, U and Z', () => {
    for (const code of ['0', 'U', 'Z']) expect(vinModelYear(`2T1BURHE0${code}C000001`)).toBeNull();
  });
});

describe('the WMI table', () => {
  it('lists each WMI once, as three VIN characters', () => {
    const wmis = WMI_ENTRIES.map(([wmi]) => wmi);
    expect(new Set(wmis).size).toBe(wmis.length);
    for (const wmi of wmis) expect(wmi, wmi).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
    expect(wmis.length).toBeGreaterThanOrEqual(200);
  });

  it('knows the common makers', () => {
    const expected: Record<string, string> = {
      '1HG': 'Honda', JTD: 'Toyota', JTE: 'Toyota', '2T1': 'Toyota', '5YF': 'Toyota', '1FT': 'Ford', '1FA': 'Ford', WVW: 'Volkswagen',
      WBA: 'BMW', '1G1': 'Chevrolet', '1GC': 'Chevrolet', '1N4': 'Nissan', KMH: 'Hyundai', VF1: 'Renault', VF3: 'Peugeot', TMB: 'Skoda',
      '5YJ': 'Tesla', WDD: 'Mercedes-Benz', JTH: 'Lexus',
    };
    for (const [wmi, make] of Object.entries(expected)) expect(makeOfWmi(wmi), wmi).toBe(make);
    expect(makeOfWmi('jtd')).toBe('Toyota');
    expect(makeOfWmi('1M8')).toBeUndefined();
  });
});

describe('the offline decoder', () => {
  it('says the model year and the make', async () => {
    expect(await offlineDecoder.decode(COROLLA_2015)).toEqual({ year: 2015, make: 'Toyota' });
    expect(await offlineDecoder.decode('1HGCM82633A004352')).toEqual({ year: 2003, make: 'Honda' });
  });

  it('knows nothing of a VIN whose maker is not in the table or whose year code is none', async () => {
    expect(await offlineDecoder.decode('1M8GDM9AXKP042788')).toBeNull();
    expect(await offlineDecoder.decode('2T1BURHE4UC000001')).toBeNull();
  });
});

describe('the vPIC decoder, against a local fake', () => {
  let vpic: FakeVpic;
  beforeAll(async () => {
    vpic = await startFakeVpic();
    vpic.vehicles.set(COROLLA_2015, { Make: 'TOYOTA', Model: 'Corolla', ModelYear: '2015', DisplacementL: '1.798', EngineCylinders: '4' });
    vpic.vehicles.set('5YJ3E1EA2KF317000', { Make: 'TESLA', Model: 'Model 3', ModelYear: '' });
  });
  beforeEach(() => {
    vpic.failure = undefined;
    vpic.requests.length = 0;
  });
  afterAll(() => vpic.close());

  it('asks DecodeVinValues and reads the make, model, year and displacement', async () => {
    expect(await vpicDecoder(vpic.url).decode(COROLLA_2015)).toEqual({ year: 2015, make: 'TOYOTA', model: 'Corolla', engine: '1.8L' });
    expect(vpic.requests).toEqual([`/api/vehicles/DecodeVinValues/${COROLLA_2015}`]);
  });

  it("takes the VIN's own year when vPIC leaves it empty, and no engine when it has no displacement", async () => {
    expect(await vpicDecoder(vpic.url).decode('5YJ3E1EA2KF317000')).toEqual({ year: 2019, make: 'TESLA', model: 'Model 3', engine: undefined });
  });

  it('knows nothing of a VIN vPIC has no maker for', async () => {
    expect(await vpicDecoder(vpic.url).decode('1M8GDM9AXKP042788')).toBeNull();
  });

  it('fails on an error status, an answer that is not its JSON, a refused connection and a timeout', async () => {
    vpic.failure = 'status';
    await expect(vpicDecoder(vpic.url).decode(COROLLA_2015)).rejects.toThrow(/500/);
    vpic.failure = 'garbled';
    await expect(vpicDecoder(vpic.url).decode(COROLLA_2015)).rejects.toThrow();
    await expect(vpicDecoder('http://127.0.0.1:9/api').decode(COROLLA_2015)).rejects.toThrow();
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    await expect(vpicDecoder(`http://127.0.0.1:${port}/api`, 100).decode(COROLLA_2015)).rejects.toThrow(/timeout|aborted/i);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('falls back to the offline answer, with a warning, when vPIC fails, and when it knows nothing', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const decoder = withOfflineFallback(vpicDecoder(vpic.url), log);
    expect(await decoder.decode(COROLLA_2015)).toMatchObject({ model: 'Corolla' });
    vpic.failure = 'status';
    expect(await decoder.decode(COROLLA_2015)).toEqual({ year: 2015, make: 'Toyota' });
    expect(warnings).toHaveLength(1);
    vpic.failure = undefined;
    expect(await decoder.decode('WBA8E1C54GK000001')).toEqual({ year: 2016, make: 'BMW' });
    expect(warnings).toHaveLength(1);
  });
});

describe('VIN decoder settings', () => {
  it('decodes offline unless VIN_DECODER=nhtsa, at NHTSA unless VIN_DECODER_URL says where', () => {
    expect(loadConfig({}).vinDecoder).toEqual({ kind: 'offline' });
    expect(loadConfig({ VIN_DECODER: 'nhtsa' }).vinDecoder).toEqual({ kind: 'nhtsa', url: 'https://vpic.nhtsa.dot.gov/api' });
    expect(loadConfig({ VIN_DECODER: 'nhtsa', VIN_DECODER_URL: 'http://127.0.0.1:8080/api/' }).vinDecoder).toEqual({ kind: 'nhtsa', url: 'http://127.0.0.1:8080/api' });
    expect(() => loadConfig({ VIN_DECODER: 'online' })).toThrow(/VIN_DECODER/);
    expect(() => loadConfig({ VIN_DECODER_URL: 'vpic.nhtsa.dot.gov' })).toThrow(/VIN_DECODER_URL/);
  });

  it('allows 30 VIN lookups per IP a minute unless VIN_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).vinRateLimitPerMinute).toBe(30);
    expect(loadConfig({ VIN_RATE_LIMIT: '5' }).vinRateLimitPerMinute).toBe(5);
    expect(() => loadConfig({ VIN_RATE_LIMIT: '0' })).toThrow(/VIN_RATE_LIMIT/);
  });
});

/** A decoder answering from `answers` (throwing for a VIN whose answer is an Error), each call held until `release`d. */
function scriptedDecoder(answers: Record<string, VinDecoding | null | Error>) {
  const held: (() => void)[] = [];
  const asked: string[] = [];
  const decoder: VinDecoder = {
    async decode(vin) {
      asked.push(vin);
      await new Promise<void>((resolve) => held.push(resolve));
      const answer = answers[vin];
      if (answer instanceof Error) throw answer;
      return answer ?? null;
    },
  };
  const release = async () => {
    while (held.length) held.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { decoder, asked, held, release };
}

describe('decoded VINs kept for a while', () => {
  const COROLLA: VinDecoding = { year: 2015, make: 'Toyota', model: 'Corolla' };

  it('answers a VIN again without asking until its time is up, then asks again', async () => {
    let clock = 0;
    const online = scriptedDecoder({ A: COROLLA });
    const decoder = remembered(online.decoder, { size: 10, ttlMs: 1000, now: () => clock });
    const first = decoder.decode('A');
    await online.release();
    expect(await first).toEqual(COROLLA);
    clock = 999;
    expect(await decoder.decode('A')).toEqual(COROLLA);
    clock = 1000;
    const again = decoder.decode('A');
    await online.release();
    expect(await again).toEqual(COROLLA);
    expect(online.asked).toEqual(['A', 'A']);
  });

  it('keeps the most recently used VINs, and asks once for a VIN asked about by many at once', async () => {
    const online = scriptedDecoder({});
    const decoder = remembered(online.decoder, { size: 2, ttlMs: 60_000 });
    const together = Promise.all([decoder.decode('A'), decoder.decode('A'), decoder.decode('B')]);
    await online.release();
    await together;
    expect(online.asked).toEqual(['A', 'B']);
    await decoder.decode('A'); // A is now the most recently used: C pushes B out
    const c = decoder.decode('C');
    await online.release();
    await c;
    await decoder.decode('A');
    const b = decoder.decode('B');
    await online.release();
    await b;
    expect(online.asked).toEqual(['A', 'B', 'C', 'B']);
  });

  it('does not keep a failure: the next lookup asks again', async () => {
    const online = scriptedDecoder({ A: new Error('vPIC answered 500') });
    const decoder = remembered(online.decoder, { size: 10, ttlMs: 60_000 });
    const failed = expect(decoder.decode('A')).rejects.toThrow('vPIC answered 500');
    await online.release();
    await failed;
    const again = decoder.decode('A').catch(() => null);
    await online.release();
    await again;
    expect(online.asked).toEqual(['A', 'A']);
  });
});

describe('calls to the online decoder bounded', () => {
  it('runs at most `concurrency` at once, the next starting as one ends; past the waiting line, or the wait, it refuses', async () => {
    const online = scriptedDecoder({});
    const decoder = bounded(online.decoder, { concurrency: 2, maxWaiting: 2, waitMs: 60_000 });
    const calls = ['A', 'B', 'C', 'D'].map((vin) => decoder.decode(vin));
    await expect(decoder.decode('E')).rejects.toThrow(/busy/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(online.asked).toEqual(['A', 'B']);
    online.held.shift()!();
    await calls[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(online.asked).toEqual(['A', 'B', 'C']);
    await online.release();
    await online.release();
    await Promise.all(calls);
    expect(online.asked).toEqual(['A', 'B', 'C', 'D']);

    const impatient = bounded(scriptedDecoder({}).decoder, { concurrency: 1, maxWaiting: 5, waitMs: 20 });
    void impatient.decode('A');
    await expect(impatient.decode('B')).rejects.toThrow(/busy/);
  });
});
