/**
 * PIES 7.2 product files, in and out. An `Item` is one of our parts by its PartNumber (however spelled):
 * MaintenanceType A adds it (or changes it when we have it), C changes one we have, D archives it. Its
 * Descriptions give the name (DES) and the description (EXT, else MKT); its list price (Pricing of type
 * LST, in USD) the price; MinimumOrderQuantity the minimum; ProductAttributes the specs; the first Package
 * the pack size (QuantityofEaches) and the weight of one unit (the package's weight in LB, OZ, KG or GR,
 * divided by its eaches, in whole grams); PartInterchangeInfo the part's interchange numbers with their
 * brand; DigitalAssets the picture's link, kept as it is (staff fetch it into the shop's own storage when
 * they choose). BrandAAIAID and BrandLabel name the maker's brand: read, not kept (the export writes the
 * shop's name). The report counts parts; any problem and nothing is written.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { ProductNumber, TradeImportReport } from '../../shared/api.js';
import { DEFAULT_CATEGORY, normalisePartNumber, type Spec } from '../../shared/catalog.js';
import { errorMessages } from '../../shared/messages.js';
import { centsToDollars } from '../../shared/money.js';
import { skuSchema } from '../../shared/schemas.js';
import { type ProductPatch, productPatchSchema } from '../../shared/product-schemas.js';
import type { Executor, ProductRow } from '../db/schema.js';
import type { CheckedImport } from './csv-sheet.js';
import { numbersOf } from './numbers.js';
import { listedProducts } from './product-rows.js';
import { type Actor, createProducts, productsByPartNumber, toProductDto, updateProducts } from './service.js';
import { child, childText, children, escapeXml, readRecords, refusedFile, type XmlElement, XmlRefused, xmlElement } from './trade-xml.js';

const m = errorMessages.tradeImport;

export const PIES_MAX_ITEMS = 100_000;
/** The picture of a new part whose Item has no digital asset. */
const NO_PICTURE = '/images/products/part.svg';
const BATCH = 1000;

/** Grams in one of each unit a PIES weight may be given in. */
const GRAMS_PER: Record<string, number> = { GR: 1, KG: 1000, LB: 453.59237, OZ: 28.349523125 };

/** An Item's weight in whole grams for one unit (the package's weight over its eaches). */
export function gramsPerUnit(weight: number, unit: string, eaches: number): number | undefined {
  const grams = GRAMS_PER[unit.toUpperCase()];
  return grams === undefined || !Number.isFinite(weight) || weight < 0 ? undefined : Math.round((weight * grams) / eaches);
}

type TradeProblem = TradeImportReport['errors'][number];

interface ReadItem {
  record: string;
  key: string;
  maintenance: 'A' | 'C' | 'D';
  /** The fields the Item gives, as the product schemas name them (only those it has). */
  fields: Record<string, unknown>;
  interchange?: ProductNumber[];
}

// ---- Importing ------------------------------------------------------------------

export async function checkPiesXml(db: Executor, actor: Actor, xml: AsyncIterable<string>): Promise<CheckedImport<TradeImportReport>> {
  const items: ReadItem[] = [];
  const errors: TradeProblem[] = [];
  const ignored: TradeProblem[] = [];
  try {
    let count = 0;
    await readRecords(xml, { root: 'PIES', record: 'Item', under: 'Items' }, (element) => {
      count += 1;
      if (count > PIES_MAX_ITEMS) throw new XmlRefused(m.tooManyRecords(PIES_MAX_ITEMS));
      const read = readItem(element, count, ignored);
      if ('problems' in read) errors.push(...read.problems);
      else items.push(read);
    });
  } catch (error) {
    if (error instanceof XmlRefused) return refusedFile(error.message);
    throw error;
  }
  const check = await compareItems(db, items, errors, ignored);
  return {
    report: check.report,
    write: async (trx) => {
      const again = await compareItems(trx, items, errors, ignored);
      if (again.report.errors.length > 0) return again.report;
      for (let i = 0; i < again.updates.length; i += BATCH) await updateProducts(trx, actor, again.updates.slice(i, i + BATCH), 'import');
      for (let i = 0; i < again.creates.length; i += BATCH) await createProducts(trx, again.creates.slice(i, i + BATCH), { reason: 'import', by: actor });
      return again.report;
    },
  };
}

/** What an Item says about its part, or what is wrong with it. */
function readItem(item: XmlElement, ordinal: number, ignored: TradeProblem[]): ReadItem | { problems: TradeProblem[] } {
  const partNumber = childText(item, 'PartNumber');
  const record = partNumber || `#${ordinal}`;
  const problems: string[] = [];
  if (partNumber === '') problems.push(m.partNumberMissing);
  const maintenance = (item.attributes.MaintenanceType ?? 'A').trim().toUpperCase();
  if (!['A', 'C', 'D'].includes(maintenance)) problems.push(m.maintenanceInvalid(item.attributes.MaintenanceType ?? ''));
  const fields: Record<string, unknown> = {};
  const descriptions = children(child(item, 'Descriptions') ?? item, 'Description');
  const described = (code: string) => descriptions.find((d) => (d.attributes.DescriptionCode ?? '').toUpperCase() === code)?.text;
  if (described('DES') !== undefined) fields.name = described('DES');
  const long = described('EXT') ?? described('MKT');
  if (long !== undefined) fields.description = long;
  readPrice(item, record, fields, problems, ignored);
  const minimum = child(item, 'MinimumOrderQuantity');
  if (minimum) fields.min = minimum.text;
  const attributes = children(child(item, 'ProductAttributes') ?? item, 'ProductAttribute');
  if (child(item, 'ProductAttributes')) fields.specs = attributes.map((a) => ({ name: a.attributes.AttributeID ?? '', value: a.text }));
  readPackage(item, fields, problems);
  const interchangeInfo = child(item, 'PartInterchangeInfo');
  const interchange = interchangeInfo
    ? children(interchangeInfo, 'PartInterchange').flatMap((p) =>
        children(p, 'PartNumber').map((n) => ({ type: 'interchange' as const, brand: p.attributes.BrandLabel ?? p.attributes.BrandAAIAID ?? '', number: n.text })),
      )
    : undefined;
  const asset = children(child(item, 'DigitalAssets') ?? item, 'DigitalFileInformation').map((d) => childText(d, 'URI')).find((uri) => uri !== '');
  if (asset !== undefined) fields.img = asset;
  const sku = skuSchema.safeParse(partNumber);
  if (partNumber !== '' && !sku.success) problems.push(sku.error.issues[0]!.message);
  if (problems.length > 0) return { problems: problems.map((message) => ({ record, message })) };
  return { record, key: normalisePartNumber(partNumber), maintenance: maintenance as ReadItem['maintenance'], fields: { ...fields, sku: partNumber }, interchange };
}

function readPrice(item: XmlElement, record: string, fields: Record<string, unknown>, problems: string[], ignored: TradeProblem[]) {
  const pricings = children(child(item, 'Prices') ?? item, 'Pricing');
  const others = [...new Set(pricings.map((p) => (p.attributes.PriceType ?? '').toUpperCase()).filter((type) => type !== 'LST'))];
  if (others.length > 0) ignored.push({ record, message: m.pricesIgnored(others) });
  const list = pricings.find((p) => (p.attributes.PriceType ?? '').toUpperCase() === 'LST');
  if (!list) return;
  const currency = childText(list, 'CurrencyCode').toUpperCase();
  if (currency !== '' && currency !== 'USD') problems.push(m.currencyInvalid(currency));
  const price = childText(list, 'Price');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(price) || Number(price) <= 0) problems.push(m.priceInvalid(price));
  else fields.price = Number(price);
}

function readPackage(item: XmlElement, fields: Record<string, unknown>, problems: string[]) {
  const pack = children(child(item, 'Packages') ?? item, 'Package')[0];
  if (!pack) return;
  const eachesText = childText(pack, 'QuantityofEaches');
  const eaches = eachesText === '' ? 1 : /^\d{1,9}$/.test(eachesText) && Number(eachesText) >= 1 ? Number(eachesText) : undefined;
  if (eaches === undefined) {
    problems.push(m.quantityOfEachesInvalid);
    return;
  }
  fields.packSize = eaches;
  const weights = child(pack, 'Weights');
  if (!weights) return;
  const [text, unit] = [childText(weights, 'Weight'), weights.attributes.UOM ?? ''];
  const grams = /^\d+(\.\d+)?$/.test(text) ? gramsPerUnit(Number(text), unit, eaches) : undefined;
  if (grams === undefined) problems.push(m.weightInvalid(text, unit));
  else fields.weightGrams = grams;
}

/** The Items against the parts as they are: the report, the edits and the new parts. */
async function compareItems(db: Executor, items: ReadItem[], readErrors: TradeProblem[], ignored: TradeProblem[]) {
  const errors = [...readErrors];
  const report: TradeImportReport = { created: 0, updated: 0, deleted: 0, unchanged: 0, errors, ignored };
  const products = await productsByPartNumber(db, items.map((item) => item.key));
  const numbers = await numbersOf(db, [...products.values()].map((p) => p.id));
  const updates: { id: number; patch: ProductPatch }[] = [];
  const creates: Parameters<typeof createProducts>[1] = [];
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (index % BATCH === 0) await yieldToOtherRequests();
    const problem = (message: string) => errors.push({ record: item.record, message: message });
    if (seen.has(item.key)) {
      problem(m.itemRepeated);
      continue;
    }
    seen.add(item.key);
    const product = products.get(item.key);
    if (product?.hidden_at) {
      problem(errorMessages.catalogImport.skuOfRemovedPart(item.record));
      continue;
    }
    if (!product) {
      if (item.maintenance !== 'A') problem(m.itemUnknown);
      else {
        const created = newPart(item);
        if ('problems' in created) created.problems.forEach(problem);
        else {
          creates.push(created.input);
          report.created += 1;
        }
      }
      continue;
    }
    const edit = item.maintenance === 'D' ? archiving(product) : changeOf(product, item, numbers.get(product.id) ?? []);
    if ('problems' in edit) edit.problems.forEach(problem);
    else if (edit.patch === null) report.unchanged += 1;
    else {
      updates.push({ id: product.id, patch: edit.patch });
      report[item.maintenance === 'D' ? 'deleted' : 'updated'] += 1;
    }
  }
  return { report, updates, creates };
}

/** Archived by a D: off the shop, kept for its orders (as Manage Products' Archive). */
function archiving(product: ProductRow): { patch: ProductPatch | null } {
  return { patch: product.archived_at === null ? { active: false } : null };
}

const fieldProblems = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((issue) => (issue.path.length > 0 ? m.fieldInvalid(String(issue.path[0]), issue.message) : issue.message));

/** A new part from its Item, checked as an edit is (its stock starts at 0: PIES has none). */
function newPart(item: ReadItem): { input: Parameters<typeof createProducts>[1][number] } | { problems: string[] } {
  const problems: string[] = [];
  if (item.fields.name === undefined) problems.push(m.descriptionMissing);
  if (item.fields.price === undefined) problems.push(m.priceMissing);
  const fields = { min: 1, img: NO_PICTURE, description: item.fields.name, ...item.fields, stock: 0, numbers: item.interchange };
  const checked = productPatchSchema.safeParse(fields);
  if (!checked.success) problems.push(...fieldProblems(checked.error.issues));
  if (problems.length > 0 || !checked.success) return { problems };
  const { active: _active, ...input } = checked.data;
  return { input: { ...input, category: input.category ?? DEFAULT_CATEGORY } as Parameters<typeof createProducts>[1][number] };
}

/** What an Item changes on its part: only the fields whose value differs (none: unchanged). */
function changeOf(product: ProductRow, item: ReadItem, numbers: ProductNumber[]): { patch: ProductPatch | null } | { problems: string[] } {
  const interchange = item.interchange && [...numbers.filter((n) => n.type !== 'interchange'), ...item.interchange];
  const fields: Record<string, unknown> = { ...item.fields, ...(interchange ? { numbers: interchange } : {}) };
  if (product.archived_at !== null) fields.active = true;
  const checked = productPatchSchema.safeParse(fields);
  if (!checked.success) return { problems: fieldProblems(checked.error.issues) };
  const dto = toProductDto(product, numbers);
  const current: Record<string, unknown> = { ...dto, category: dto.category.slug };
  const changed = Object.entries(checked.data).filter(([field, value]) => value !== undefined && !isDeepStrictEqual(sorted(field, value), sorted(field, current[field])));
  return { patch: changed.length === 0 ? null : (Object.fromEntries(changed) as ProductPatch) };
}

/** Numbers compare in any order. */
function sorted(field: string, value: unknown): unknown {
  if (field !== 'numbers' || !Array.isArray(value)) return value;
  return (value as ProductNumber[]).map((n) => JSON.stringify([n.type, n.brand, n.number])).sort();
}

// ---- Exporting ------------------------------------------------------------------

/** Every listed part as a PIES 7.2 Item (an archived one with MaintenanceType D), a batch at a time. */
export async function* exportPiesXml(db: Executor, { company, today }: { company: string; today: string }): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<PIES xmlns="http://www.autocare.org">\n';
  const header = [xmlElement('PIESVersion', {}, '7.2'), xmlElement('SubmissionType', {}, 'FULL'), xmlElement('BlanketEffectiveDate', {}, today)];
  yield `  <Header>${header.join('')}</Header>\n  <Items>\n`;
  let afterId = 0;
  let count = 0;
  for (;;) {
    await yieldToOtherRequests();
    const rows = await listedProducts(db).where('id', '>', afterId).orderBy('id').limit(BATCH).execute();
    const numbers = await numbersOf(db, rows.map((r) => r.id));
    yield rows.map((row) => `    ${itemXml(row, numbers.get(row.id) ?? [], company)}\n`).join('');
    count += rows.length;
    if (rows.length < BATCH) break;
    afterId = rows.at(-1)!.id;
  }
  yield `  </Items>\n  <Trailer>${xmlElement('ItemCount', {}, String(count))}${xmlElement('TransactionDate', {}, today)}</Trailer>\n</PIES>\n`;
}

function itemXml(row: ProductRow, numbers: ProductNumber[], company: string): string {
  const specs = JSON.parse(row.specs) as Spec[];
  const interchange = numbers.filter((n) => n.type === 'interchange');
  const parts = [
    xmlElement('PartNumber', {}, row.sku),
    xmlElement('BrandLabel', {}, company),
    xmlElement('MinimumOrderQuantity', { UOM: 'EA' }, String(row.min_quantity)),
    `<Descriptions>${xmlElement('Description', { DescriptionCode: 'DES', LanguageCode: 'EN' }, row.name)}${xmlElement('Description', { DescriptionCode: 'EXT', LanguageCode: 'EN' }, row.description)}</Descriptions>`,
    `<Prices><Pricing PriceType="LST">${xmlElement('CurrencyCode', {}, 'USD')}${xmlElement('Price', { UOM: 'PE' }, centsToDollars(row.price_cents).toFixed(2))}</Pricing></Prices>`,
    `<ProductAttributes>${specs.map((s) => xmlElement('ProductAttribute', { AttributeID: s.name, PADBAttribute: 'N' }, s.value)).join('')}</ProductAttributes>`,
    `<Packages><Package>${xmlElement('PackageUOM', {}, 'EA')}${xmlElement('QuantityofEaches', {}, String(row.pack_size))}${
      row.weight_grams > 0 ? `<Weights UOM="GR">${xmlElement('Weight', {}, String(row.weight_grams * row.pack_size))}</Weights>` : ''
    }</Package></Packages>`,
    interchange.length === 0
      ? ''
      : `<PartInterchangeInfo>${interchange.map((n) => `<PartInterchange BrandLabel="${escapeXml(n.brand)}">${xmlElement('PartNumber', {}, n.number)}</PartInterchange>`).join('')}</PartInterchangeInfo>`,
    `<DigitalAssets><DigitalFileInformation>${xmlElement('AssetType', {}, 'P04')}${xmlElement('URI', {}, row.img)}</DigitalFileInformation></DigitalAssets>`,
  ];
  return `<Item MaintenanceType="${row.archived_at === null ? 'A' : 'D'}">${parts.join('')}</Item>`;
}
