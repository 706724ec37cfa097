import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOneLine } from '../../shared/address.js';
import { call, databaseKind, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

const vermont = { name: 'Dana Wu', company: 'Wu Garage', line1: '12 Pine St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US', phone: '5550100' };
const berlin = { name: 'Jan Roth', line1: 'Invalidenstr. 1', city: 'Berlin', region: 'be', postalCode: '10115', country: 'de' };

describe(`address book (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const save = (token: string, body: object) => call(server.app, 'POST', '/api/addresses', { token, body });
  const list = async (token: string) => (await call(server.app, 'GET', '/api/addresses', { token })).json() as { id: number; isDefault: boolean; city: string }[];

  it('saves addresses, the first as the default, with codes upper-cased and postal codes as the post writes them', async () => {
    const buyer = await registerCustomer(server.app);
    const first = await save(buyer.token, vermont);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), ...vermont, line2: '', isDefault: true });
    const second = (await save(buyer.token, { ...berlin, postalCode: ' 10115 ' })).json();
    expect(second).toMatchObject({ region: 'BE', country: 'DE', postalCode: '10115', company: '', phone: '', isDefault: false });
    expect((await list(buyer.token)).map((a) => [a.city, a.isDefault])).toEqual([['Burlington', true], ['Berlin', false]]);
    expect(addressOneLine(first.json())).toBe('Wu Garage, 12 Pine St, Burlington, VT 05401, US');
  });

  it("writes the default address on the profile's one line, and follows it when the default changes", async () => {
    const buyer = await registerCustomer(server.app);
    const profile = async () => (await call(server.app, 'GET', `/api/user/${buyer.email}`, { token: buyer.token })).json().address;
    await save(buyer.token, vermont);
    expect(await profile()).toBe('Wu Garage, 12 Pine St, Burlington, VT 05401, US');
    const berlinId = (await save(buyer.token, berlin)).json().id;
    expect(await profile()).toBe('Wu Garage, 12 Pine St, Burlington, VT 05401, US');
    await call(server.app, 'PATCH', `/api/addresses/${berlinId}`, { token: buyer.token, body: { isDefault: true } });
    expect(await profile()).toBe('Invalidenstr. 1, Berlin, BE 10115, DE');
  });

  it('refuses an address without a known region or with a postal code of the wrong form, naming the field', async () => {
    const buyer = await registerCustomer(server.app);
    const noState = await save(buyer.token, { ...vermont, region: '' });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().error.fields).toEqual({ region: 'Choose the state' });
    const badZip = await save(buyer.token, { ...vermont, postalCode: '5401' });
    expect(badZip.json().error).toMatchObject({ code: 'validation', fields: { postalCode: 'A US ZIP code is 5 digits, e.g. 05401 (or ZIP+4, e.g. 05401-2345)' } });
    const badCountry = await save(buyer.token, { ...vermont, country: 'XX' });
    expect(badCountry.json().error.fields).toEqual({ country: 'Choose a country (its two-letter ISO code, e.g. US or DE)' });
    // A change is checked with the fields it keeps: Germany has no state VT.
    const id = (await save(buyer.token, vermont)).json().id;
    const moved = await call(server.app, 'PATCH', `/api/addresses/${id}`, { token: buyer.token, body: { country: 'DE', postalCode: '10115' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.region).toMatch(/^Not a region of DE/);
    expect((await list(buyer.token))[0]).toMatchObject({ city: 'Burlington' });
  });

  it("keeps each buyer's addresses their own: another account's id is not found", async () => {
    const owner = await registerCustomer(server.app);
    const other = await registerCustomer(server.app);
    const id = (await save(owner.token, vermont)).json().id;
    expect(await list(other.token)).toEqual([]);
    expect((await call(server.app, 'PATCH', `/api/addresses/${id}`, { token: other.token, body: { city: 'Elsewhere' } })).statusCode).toBe(404);
    expect((await call(server.app, 'DELETE', `/api/addresses/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await list(owner.token))[0]).toMatchObject({ id, city: 'Burlington' });
  });

  it('moves the default on request, and to the newest other address when the default is deleted', async () => {
    const buyer = await registerCustomer(server.app);
    const a = (await save(buyer.token, vermont)).json().id;
    const b = (await save(buyer.token, berlin)).json().id;
    const c = (await save(buyer.token, { ...berlin, city: 'Potsdam', region: 'BB', postalCode: '14467', isDefault: true })).json().id;
    expect((await list(buyer.token)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([c]);
    const patched = await call(server.app, 'PATCH', `/api/addresses/${a}`, { token: buyer.token, body: { isDefault: true, line2: 'Unit 4' } });
    expect(patched.json()).toMatchObject({ id: a, isDefault: true, line2: 'Unit 4' });
    expect((await call(server.app, 'DELETE', `/api/addresses/${a}`, { token: buyer.token })).statusCode).toBe(204);
    expect((await list(buyer.token)).map((x) => [x.id, x.isDefault])).toEqual([[c, true], [b, false]]);
  });

  it('has exactly one default however many changes arrive at once', async () => {
    const buyer = await registerCustomer(server.app);
    const firsts = await Promise.all(Array.from({ length: 6 }, (_, i) => save(buyer.token, { ...vermont, line1: `${i} Pine St` })));
    expect(firsts.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await list(buyer.token)).filter((x) => x.isDefault)).toHaveLength(1);
    const ids = (await list(buyer.token)).map((x) => x.id);
    const moves = await Promise.all(ids.map((id) => call(server.app, 'PATCH', `/api/addresses/${id}`, { token: buyer.token, body: { isDefault: true } })));
    expect(moves.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    expect((await list(buyer.token)).filter((x) => x.isDefault)).toHaveLength(1);
  });
});
