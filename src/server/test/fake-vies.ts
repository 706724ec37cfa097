/**
 * A local stand-in for the EU's VIES REST service: `POST /check-vat-number` with
 * `{ countryCode, vatNumber }` answers `{ countryCode, vatNumber, requestDate, valid, name, address }`,
 * as VIES does, so VAT_CHECK=vies is tested without the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVies {
  /** The base URL, as VIES_URL takes it. */
  url: string;
  /** The VAT IDs (prefix + number, e.g. DE136695976) VIES knows as registered. */
  registered: Set<string>;
  /** Make the next answers slower than the client waits (ms), or a 500. */
  delayMs: number;
  failure: 'status' | undefined;
  requests: { countryCode: string; vatNumber: string }[];
  close(): Promise<void>;
}

export async function startFakeVies(): Promise<FakeVies> {
  const fake: Omit<FakeVies, 'url' | 'close'> = { registered: new Set(), delayMs: 0, failure: undefined, requests: [] };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      setTimeout(() => {
        if (request.method !== 'POST' || request.url !== '/check-vat-number') return void response.writeHead(404).end();
        if (fake.failure === 'status') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE"}]}');
        const { countryCode, vatNumber } = JSON.parse(body) as { countryCode: string; vatNumber: string };
        fake.requests.push({ countryCode, vatNumber });
        const valid = fake.registered.has(`${countryCode}${vatNumber}`);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ countryCode, vatNumber, requestDate: new Date().toISOString(), valid, requestIdentifier: '', name: valid ? 'Muster GmbH' : '---', address: valid ? 'Musterstr. 1, 10115 Berlin' : '---', traderName: '---', traderStreet: '---', traderPostalCode: '---', traderCity: '---', traderCompanyType: '---', traderNameMatch: 'NOT_PROCESSED', traderStreetMatch: 'NOT_PROCESSED', traderPostalCodeMatch: 'NOT_PROCESSED', traderCityMatch: 'NOT_PROCESSED', traderCompanyTypeMatch: 'NOT_PROCESSED' }));
      }, fake.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  }) as FakeVies;
}
