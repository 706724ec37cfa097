import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, TradeImportReport, Vehicle } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { XML_IMPORT_MAX_BYTES } from './trade-xml.js';
import { createVehicles } from '../fitment/service.js';
import { type Account, call, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, validProduct } from '../test/harness.js';

const m = errorMessages.tradeImport;

/** Made-up VCdb ids (the demo range) for a small base: Corollas of 2015–2016 in two trims, one Civic. */
const VEHICLES = [
  { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4', baseVehicleId: 9100015, makeId: 9100001, modelId: 9100101, subModelId: 9100201, engineBaseId: 9100301 },
  { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'S', engine: '1.8L I4', baseVehicleId: 9100015, makeId: 9100001, modelId: 9100101, subModelId: 9100202, engineBaseId: 9100301 },
  { year: 2016, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4', baseVehicleId: 9100016, makeId: 9100001, modelId: 9100101, subModelId: 9100201, engineBaseId: 9100301 },
  { year: 2017, make: 'Honda', model: 'Civic', submodel: 'LX', engine: '2.0L I4', baseVehicleId: 9100017, makeId: 9100002, modelId: 9100102, subModelId: 9100203, engineBaseId: 9100302 },
];

/** An ACES 4.2 document of these Apps (their inner XML), a FULL or a PARTIAL submission. */
function aces(apps: string[], submission = 'PARTIAL'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ACES version="4.2">
  <Header><Company>Maker Inc</Company><TransferDate>2026-01-05</TransferDate><SubmissionType>${submission}</SubmissionType></Header>
  ${apps.join('\n  ')}
  <Footer><RecordCount>${apps.length}</RecordCount></Footer>
</ACES>`;
}
const app = (id: number | string, inner: string, action = 'A') => `<App action="${action}" id="${id}">${inner}</App>`;

describe(`ACES import and export (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const ids: Record<string, string> = {};
  let corolla2015Le: Vehicle;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    corolla2015Le = (await createVehicles(server.db.kysely, VEHICLES))[0]!;
    for (const sku of ['LT-4410', 'BR-1507', 'WP-5522']) {
      const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, sku, name: `Part ${sku}` } });
      ids[sku] = response.json()._id;
    }
  });
  afterAll(() => server.close());

  const importAces = (xml: string, { dryRun = false, token = admin.token, contentType = 'application/xml' } = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/fitment/import?format=aces${dryRun ? '&dryRun=true' : ''}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload: xml,
    });
  const fitment = async (sku: string) => (await call(server.app, 'GET', `/api/products/${ids[sku]}/fitment`)).json() as Application[];
  const report = (counts: Partial<TradeImportReport>) => ({ created: 0, updated: 0, deleted: 0, unchanged: 0, errors: [], ignored: [], ...counts });

  it('carries the VCdb ids in every vehicle answer', async () => {
    const vehicles = (await call(server.app, 'GET', '/api/vehicles?year=2015&make=toyota&model=corolla')).json() as Vehicle[];
    expect(vehicles.map((v) => [v.submodel, v.baseVehicleId, v.makeId, v.modelId, v.subModelId, v.engineBaseId])).toEqual([
      ['LE', 9100015, 9100001, 9100101, 9100201, 9100301],
      ['S', 9100015, 9100001, 9100101, 9100202, 9100301],
    ]);
  });

  it('adds applications named by a BaseVehicle (with a SubModel and an EngineBase) or by Years, Make and Model, with notes, qty, part type and position', async () => {
    const xml = aces([
      app(1, '<BaseVehicle id="9100015"/><SubModel id="9100201"/><EngineBase id="9100301"/><Note>with LED headlights</Note><Qty>2</Qty><PartType id="10617"/><Position id="12"/><Part>lt 4410</Part>'),
      app(2, '<Years from="2015" to="2016"/><Make id="9100001"/><Model id="9100101"/><Qty>1</Qty><Position id="1"/><Part>BR-1507</Part>'),
      app(3, '<BaseVehicle id="9100017"/><Qty>1</Qty><Position id="777"/><Part>BR-1507</Part>'),
    ]);
    expect((await importAces(xml, { dryRun: true })).json()).toEqual(report({ created: 3 }));
    expect(await fitment('LT-4410')).toEqual([]);
    const response = await importAces(xml);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(report({ created: 3 }));
    expect(await fitment('LT-4410')).toEqual([
      { yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4', qualifier: 'with LED headlights', position: 'Front Left', quantity: 2, partTypeId: 10617 },
    ]);
    expect(await fitment('BR-1507')).toEqual([
      { yearFrom: 2017, yearTo: 2017, make: 'Honda', model: 'Civic', submodel: '', engine: '', qualifier: '', position: 'Position 777', quantity: 1, partTypeId: null },
      { yearFrom: 2015, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: 'Front', quantity: 1, partTypeId: null },
    ]);
    // The buyer with a 2015 Corolla LE sees how the headlight fits.
    const listed = (await call(server.app, 'GET', `/api/products?vehicle=${corolla2015Le.id}&limit=100`)).json().items as { sku: string; fitment: unknown }[];
    expect(listed.find((p) => p.sku === 'LT-4410')?.fitment).toEqual({ fits: true, qualifier: 'with LED headlights', position: 'Front Left' });
    // The same file again changes nothing.
    expect((await importAces(xml)).json()).toEqual(report({ unchanged: 3 }));
  });

  it('updates a changed Qty, deletes with action D, and a FULL submission replaces every application of the parts it names only', async () => {
    const changed = aces([
      app(10, '<BaseVehicle id="9100015"/><SubModel id="9100201"/><EngineBase id="9100301"/><Note>with LED headlights</Note><Qty>4</Qty><PartType id="10617"/><Position id="12"/><Part>LT-4410</Part>'),
      app(11, '<BaseVehicle id="9100017"/><Qty>1</Qty><Position id="777"/><Part>BR-1507</Part>', 'D'),
      app(12, '<BaseVehicle id="9100016"/><Qty>1</Qty><Part>WP-5522</Part>', 'D'),
    ]);
    expect((await importAces(changed)).json()).toEqual(report({ updated: 1, deleted: 1, unchanged: 1 }));
    expect((await fitment('LT-4410')).map((a) => a.quantity)).toEqual([4]);
    expect((await fitment('BR-1507')).map((a) => a.make)).toEqual(['Toyota']);

    const full = aces([app('F1', '<BaseVehicle id="9100017"/><Qty>2</Qty><Part>BR-1507</Part>')], 'FULL');
    expect((await importAces(full)).json()).toEqual(report({ created: 1, deleted: 1 }));
    expect((await fitment('BR-1507')).map((a) => `${a.make} ${a.quantity}`)).toEqual(['Honda 2']);
    expect(await fitment('LT-4410')).toHaveLength(1);
  });

  it('reports each App with an unknown vehicle, part or position, or a repeat, and writes nothing (422 on a real import)', async () => {
    const before = [await fitment('LT-4410'), await fitment('BR-1507'), await fitment('WP-5522')];
    const xml = aces([
      app('ok', '<BaseVehicle id="9100016"/><Qty>1</Qty><Part>WP-5522</Part>'),
      app('v1', '<BaseVehicle id="5904"/><Qty>1</Qty><Part>WP-5522</Part>'),
      app('v2', '<Years from="2010" to="2012"/><Make id="9100001"/><Model id="9100101"/><Qty>1</Qty><Part>WP-5522</Part>'),
      app('v3', '<BaseVehicle id="9100015"/><SubModel id="1"/><Qty>1</Qty><Part>WP-5522</Part>'),
      app('p1', '<BaseVehicle id="9100015"/><Qty>1</Qty><Part>NO-SUCH</Part>'),
      app('pos', '<BaseVehicle id="9100015"/><Qty>1</Qty><Position id="left"/><Part>WP-5522</Part>'),
      app('dup', '<BaseVehicle id="9100016"/><Qty>1</Qty><Part>wp5522</Part>'),
      app('act', '<BaseVehicle id="9100016"/><Qty>1</Qty><Part>WP-5522</Part>', 'X'),
    ]);
    const refused = await importAces(xml);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ created: 1, error: { code: 'import_refused' } });
    expect(refused.json().errors).toEqual(expect.arrayContaining([
      { record: 'v1', message: m.baseVehicleUnknown('5904') },
      { record: 'v2', message: m.yearsOutsideBase('Toyota Corolla', '2015–2016') },
      { record: 'v3', message: m.subModelUnknown('1') },
      { record: 'p1', message: m.partUnknown('NO-SUCH') },
      { record: 'pos', message: m.positionUnknown('left') },
      { record: 'dup', message: m.duplicate('ok') },
      { record: 'act', message: m.actionInvalid('X') },
    ]));
    expect(refused.json().errors).toHaveLength(7);
    expect([await fitment('LT-4410'), await fitment('BR-1507'), await fitment('WP-5522')]).toEqual(before);
  });

  it('exports every application as ACES, and the file imports back as all unchanged', async () => {
    const exported = await call(server.app, 'GET', '/api/fitment/export.xml?format=aces', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(exported.body).toContain('<SubmissionType>FULL</SubmissionType>');
    expect(exported.body).toContain('<BaseVehicle id="9100015"/><SubModel id="9100201"/><EngineBase id="9100301"/><Note>with LED headlights</Note><Qty>4</Qty><PartType id="10617"/><Position id="12"/><Part>LT-4410</Part>');
    const apps = exported.body.match(/<App /g)?.length ?? 0;
    expect(apps).toBeGreaterThan(1);
    expect((await importAces(exported.body, { dryRun: true })).json()).toEqual(report({ unchanged: apps }));
  });

  it('refuses a file with a DOCTYPE (no entity of it is ever read), a file that is not XML or not ACES, and a CSV body', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE ACES [<!ENTITY x SYSTEM "file:///etc/passwd">]><ACES><App action="A" id="1"><BaseVehicle id="9100015"/><Part>&x;</Part></App></ACES>`;
    const refused = await importAces(xxe, { dryRun: true });
    expect(refused.json()).toEqual(report({ errors: [{ record: '', message: m.doctype }] }));
    expect(refused.body).not.toContain('root:');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><ACES>&lol2;</ACES>`;
    expect((await importAces(bomb, { dryRun: true })).json().errors).toEqual([{ record: '', message: m.doctype }]);
    expect((await importAces('<ACES><App>', { dryRun: true })).json().errors[0].message).toMatch(/^This file is not well-formed XML/);
    expect((await importAces('<PIES/>', { dryRun: true })).json().errors).toEqual([{ record: '', message: m.wrongRoot('ACES', 'PIES') }]);
    expect((await importAces('sku\nLT-4410\n', { contentType: 'text/csv' })).statusCode).toBe(415);
  });

  /** A body sent as these chunks, one at a time as a slow client's file arrives (no content-length: only what arrives counts). */
  const streamed = (chunks: Iterable<Buffer>) =>
    Readable.from(
      (async function* () {
        for (const chunk of chunks) {
          await setImmediate();
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
  const importStreamed = (payload: Readable, token = admin.token) =>
    server.app.inject({ method: 'POST', url: '/api/fitment/import?format=aces', headers: { 'content-type': 'application/xml', authorization: `Bearer ${token}` }, payload });

  it('reads a file as it arrives: a character split between two chunks, and a tag, read whole', async () => {
    const note = 'für Scheinwerfer – € 5 😀';
    const bytes = Buffer.from(aces([app('utf', `<BaseVehicle id="9100017"/><Note>${note}</Note><Qty>1</Qty><Part>WP-5522</Part>`)]));
    const euro = bytes.indexOf(Buffer.from('€'));
    const emoji = bytes.indexOf(Buffer.from('😀'));
    const tag = bytes.indexOf(Buffer.from('<Part>'));
    // Within the ü (2 bytes), after the first byte of € (3 bytes), inside 😀 (4 bytes) twice, and inside <Part>.
    const cuts = [bytes.indexOf(Buffer.from('ü')) + 1, euro + 1, emoji + 1, emoji + 3, tag + 3];
    const chunks = [0, ...cuts].map((start, i) => bytes.subarray(start, [...cuts, bytes.length][i]));
    const response = await importStreamed(streamed(chunks));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(report({ created: 1 }));
    expect((await fitment('WP-5522')).find((a) => a.make === 'Honda')).toMatchObject({ qualifier: note });
  });

  it(`refuses a body over ${XML_IMPORT_MAX_BYTES / 1024 / 1024} MB with 413, whether it says so or only sends it, and writes nothing`, async () => {
    const before = await fitment('LT-4410');
    const valid = aces([app('big', '<BaseVehicle id="9100016"/><Note>too big</Note><Qty>3</Qty><Part>LT-4410</Part>')]);
    const [head, rest] = [valid.slice(0, valid.indexOf('<Footer>')), valid.slice(valid.indexOf('<Footer>'))];
    const filler = Buffer.alloc(1024 * 1024, ' ');
    function* overLimit() {
      yield Buffer.from(`${head}<!-- `);
      for (let sent = 0; sent <= XML_IMPORT_MAX_BYTES; sent += filler.length) yield filler;
      yield Buffer.from(` -->${rest}`);
    }
    const sent = await importStreamed(streamed(overLimit()));
    expect(sent.statusCode).toBe(413);
    expect(sent.json().error).toEqual({ code: 'body_too_large', message: errorMessages.bodyTooLarge });
    const declared = await importAces(Buffer.concat([...overLimit()]) as unknown as string);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.code).toBe('body_too_large');
    expect(await fitment('LT-4410')).toEqual(before);
    // Just within the limit, the same file imports.
    function* withinLimit() {
      yield Buffer.from(`${head}<!-- `);
      for (let sent = 2 * filler.length; sent < XML_IMPORT_MAX_BYTES; sent += filler.length) yield filler;
      yield Buffer.from(` -->${rest}`);
    }
    const within = await importStreamed(streamed(withinLimit()), admin.token);
    expect(within.statusCode, within.body).toBe(200);
    expect((await fitment('LT-4410')).some((a) => a.qualifier === 'too big')).toBe(true);
  });

  it('answers a customer 403 without reading the body: one that never ends gets its answer', async () => {
    const customer = await registerCustomer(server.app);
    let pushed = 0;
    const endless = new Readable({
      read() {
        // One slice of a file, then nothing more (and no end): a server that read the body would wait forever.
        if (pushed++ === 0) this.push(Buffer.from(aces([app(1, '<BaseVehicle id="9100016"/><Qty>1</Qty><Part>LT-4410</Part>')]).slice(0, 100)));
      },
    });
    const response = await importStreamed(endless, customer.token);
    expect(response.statusCode).toBe(403);
    endless.destroy();
  });
});
