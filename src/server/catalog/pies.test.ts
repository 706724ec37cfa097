import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, TradeImportReport } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';
import { gramsPerUnit } from './pies.js';

const m = errorMessages.tradeImport;

function pies(items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
  <Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType></Header>
  <Items>
    ${items.join('\n    ')}
  </Items>
  <Trailer><ItemCount>${items.length}</ItemCount></Trailer>
</PIES>`;
}

const headlight = (maintenance = 'A', extra = '') => `<Item MaintenanceType="${maintenance}">
  <PartNumber>PX-100</PartNumber><BrandAAIAID>BKQW</BrandAAIAID><BrandLabel>Partsmith</BrandLabel>
  <MinimumOrderQuantity UOM="EA">10</MinimumOrderQuantity>
  <Descriptions>
    <Description DescriptionCode="DES" LanguageCode="EN">LED Headlight</Description>
    <Description DescriptionCode="MKT" LanguageCode="EN">Bright &amp; long-lived</Description>
    <Description DescriptionCode="EXT" LanguageCode="EN">Sealed LED headlight unit</Description>
  </Descriptions>
  <Prices>
    <Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">94.50</Price></Pricing>
    <Pricing PriceType="JBR"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">70.00</Price></Pricing>
  </Prices>
  <ProductAttributes>
    <ProductAttribute AttributeID="Voltage" PADBAttribute="N">12 V</ProductAttribute>
    <ProductAttribute AttributeID="Light source" PADBAttribute="N">LED</ProductAttribute>
  </ProductAttributes>
  <Packages><Package><PackageUOM>BX</PackageUOM><QuantityofEaches>2</QuantityofEaches><Weights UOM="LB"><Weight>5</Weight></Weights></Package></Packages>
  <PartInterchangeInfo><PartInterchange BrandAAIAID="BBHK" BrandLabel="Bosch"><PartNumber>0 301 123</PartNumber></PartInterchange></PartInterchangeInfo>
  <DigitalAssets><DigitalFileInformation><AssetType>P04</AssetType><URI>https://cdn.example.com/px-100.jpg</URI></DigitalFileInformation></DigitalAssets>
  ${extra}
</Item>`;

describe(`PIES import and export (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const importPies = (xml: string, { dryRun = false } = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/products/import?format=pies${dryRun ? '&dryRun=true' : ''}`,
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${admin.token}` },
      payload: xml,
    });
  const bySku = async (sku: string) => (await call(server.app, 'GET', `/api/products/sku/${encodeURIComponent(sku)}`, { token: admin.token })).json() as Product;
  const adminList = async () => (await call(server.app, 'GET', '/api/admin/products?status=all&limit=100', { token: admin.token })).json();
  const report = (counts: Partial<TradeImportReport>) => ({ created: 0, updated: 0, deleted: 0, unchanged: 0, errors: [], ignored: [], ...counts });
  const ignoredJobber = { record: 'PX-100', message: m.pricesIgnored(['JBR']) };

  it('converts package weights in LB, OZ, KG and GR to whole grams of one unit', () => {
    expect(gramsPerUnit(5, 'LB', 2)).toBe(1134);
    expect(gramsPerUnit(16, 'oz', 1)).toBe(454);
    expect(gramsPerUnit(1.2, 'KG', 1)).toBe(1200);
    expect(gramsPerUnit(180, 'GR', 4)).toBe(45);
    expect(gramsPerUnit(1, 'ST', 1)).toBeUndefined();
  });

  it('adds a part from an Item (A): name, description, list price, minimum, specs, pack and weight, interchange number, picture link', async () => {
    expect((await importPies(pies([headlight()]), { dryRun: true })).json()).toEqual(report({ created: 1, ignored: [ignoredJobber] }));
    const response = await importPies(pies([headlight()]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(report({ created: 1, ignored: [ignoredJobber] }));
    const part = await bySku('px100');
    expect(part).toMatchObject({
      sku: 'PX-100',
      name: 'LED Headlight',
      description: 'Sealed LED headlight unit',
      price: 94.5,
      min: 10,
      stock: 0,
      packSize: 2,
      weightGrams: 1134,
      img: 'https://cdn.example.com/px-100.jpg',
      specs: [{ name: 'Voltage', value: '12 V' }, { name: 'Light source', value: 'LED' }],
      numbers: [{ type: 'interchange', brand: 'Bosch', number: '0 301 123' }],
    });
    // The same file again changes nothing.
    expect((await importPies(pies([headlight()]))).json()).toEqual(report({ unchanged: 1, ignored: [ignoredJobber] }));
  });

  it('changes a part (C) keeping its OE numbers, archives it (D), and refuses a C or D of a part we do not have', async () => {
    const part = await bySku('PX-100');
    await call(server.app, 'PATCH', `/api/products/${part._id}`, { token: admin.token, body: { numbers: [...part.numbers, { type: 'oe', brand: 'Toyota', number: '81110-02B10' }] } });
    const changed = headlight('C').replace('94.50', '99.00').replace('<Weight>5</Weight>', '<Weight>2.4</Weight>').replace('UOM="LB"', 'UOM="KG"');
    expect((await importPies(pies([changed]))).json()).toEqual(report({ updated: 1, ignored: [ignoredJobber] }));
    expect(await bySku('PX-100')).toMatchObject({ price: 99, weightGrams: 1200, numbers: expect.arrayContaining([{ type: 'oe', brand: 'Toyota', number: '81110-02B10' }]) });

    const unknown = (maintenance: string) => `<Item MaintenanceType="${maintenance}"><PartNumber>NO-SUCH-${maintenance}</PartNumber></Item>`;
    const refused = await importPies(pies([headlight('D'), unknown('C'), unknown('D')]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { record: 'NO-SUCH-C', message: m.itemUnknown },
      { record: 'NO-SUCH-D', message: m.itemUnknown },
    ]);
    expect((await bySku('PX-100')).active).toBe(true);

    expect((await importPies(pies([headlight('D')]))).json()).toMatchObject({ deleted: 1, errors: [] });
    const listed = (await adminList()).items.find((p: Product) => p.sku === 'PX-100');
    expect(listed.active).toBe(false);
    // A again brings it back.
    expect((await importPies(pies([headlight('A')]))).json()).toMatchObject({ updated: 1, errors: [] });
  });

  it('reports each Item with a problem by its part number and writes nothing', async () => {
    const items = [
      `<Item MaintenanceType="A"><PartNumber>PX-200</PartNumber><Descriptions><Description DescriptionCode="DES">Pad</Description></Descriptions></Item>`,
      `<Item MaintenanceType="X"><PartNumber>PX-201</PartNumber></Item>`,
      `<Item MaintenanceType="A"><PartNumber>PX-202</PartNumber><Descriptions><Description DescriptionCode="DES">Disc</Description></Descriptions><Prices><Pricing PriceType="LST"><Price>12.5</Price></Pricing></Prices><Packages><Package><QuantityofEaches>1</QuantityofEaches><Weights UOM="ST"><Weight>1</Weight></Weights></Package></Packages></Item>`,
      `<Item MaintenanceType="A"><PartNumber>PX-203</PartNumber><Descriptions><Description DescriptionCode="DES">Disc</Description></Descriptions><Prices><Pricing PriceType="LST"><Price>12.5</Price></Pricing></Prices></Item>`,
    ];
    const refused = await importPies(pies(items));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ created: 1, error: { code: 'import_refused' } });
    expect(refused.json().errors).toEqual([
      { record: 'PX-201', message: m.maintenanceInvalid('X') },
      { record: 'PX-202', message: m.weightInvalid('1', 'ST') },
      { record: 'PX-200', message: m.priceMissing },
    ]);
    expect((await call(server.app, 'GET', '/api/products/sku/PX-203', { token: admin.token })).statusCode).toBe(404);
  });

  it('exports every part as PIES, and the file imports back as all unchanged', async () => {
    await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, sku: 'PX-300', weightGrams: 45, packSize: 4, name: 'Plug <iridium> & "gap"' } });
    const exported = await call(server.app, 'GET', '/api/products/export.xml?format=pies', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(exported.body).toContain('<QuantityofEaches>4</QuantityofEaches><Weights UOM="GR"><Weight>180</Weight></Weights>');
    expect(exported.body).toContain('Plug &lt;iridium&gt; &amp; &quot;gap&quot;');
    const items = exported.body.match(/<Item /g)?.length ?? 0;
    expect(items).toBe((await adminList()).items.length);
    expect((await importPies(exported.body, { dryRun: true })).json()).toEqual(report({ unchanged: items }));
  });

  it('refuses a file with a DOCTYPE before reading any of it', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE PIES [<!ENTITY x SYSTEM "file:///etc/passwd">]><PIES><Items><Item><PartNumber>&x;</PartNumber></Item></Items></PIES>`;
    expect((await importPies(xxe)).json().errors).toEqual([{ record: '', message: m.doctype }]);
  });
});
