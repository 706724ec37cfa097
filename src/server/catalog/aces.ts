/**
 * ACES 4.2 application files, in and out. An `App` names a vehicle by its VCdb ids (a BaseVehicle, with an
 * optional SubModel and EngineBase; or Years with a Make and a Model), one of our parts, and how it fits:
 * Qty, the PCdb PartType and Position, and Notes (the qualifier the buyer checks). `action="A"` adds the
 * application, `"D"` deletes it; a `FULL` submission (Header SubmissionType) replaces every application
 * of the parts it names. Applications are kept by the same store the CSV import writes (applications.ts).
 * The report counts applications, one `record` per App id with a problem; any problem and nothing is written.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import type { Application, TradeImportReport, Vehicle } from '../../shared/api.js';
import { normalisePartNumber } from '../../shared/catalog.js';
import { pcdbIdOfPosition, positionOfPcdbId } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import type { Executor } from '../db/schema.js';
import { allVehicles } from '../fitment/service.js';
import { applicationsOf, writeApplications } from './applications.js';
import type { CheckedImport } from './csv-sheet.js';
import { listedPartIds } from './service.js';
import { child, childText, children, readRecords, refusedFile, type XmlElement, XmlRefused, xmlElement } from './trade-xml.js';

const m = errorMessages.tradeImport;

/** The most Apps one file may have (a manufacturer's whole range is tens of thousands). */
export const ACES_MAX_APPS = 200_000;
const QUALIFIER_MAX = 200;
const PART_BATCH = 1000;

type TradeProblem = TradeImportReport['errors'][number];

/** The years, make and model of an application. */
type AppVehicle = Pick<Application, 'yearFrom' | 'yearTo' | 'make' | 'model'>;

/**
 * An App as read: the application it means, for which part, and what to do with it. A file's Apps are
 * all held from the check to the write (which is all or nothing), so an App keeps only these small fields:
 * its vehicle is the one object of its BaseVehicle that the Apps naming it share, its element is gone.
 */
interface ReadApp extends Omit<Application, keyof AppVehicle> {
  record: string;
  action: 'A' | 'D';
  /** The part number as the App writes it. */
  part: string;
  vehicle: AppVehicle;
}

/** What our vehicle base says the VCdb ids mean. */
interface VehicleIds {
  baseVehicles: Map<number, AppVehicle>;
  makes: Map<number, string>;
  models: Map<number, { make: string; model: string }>;
  subModels: Map<number, string>;
  engines: Map<number, string>;
  /** The years of each make and model ("make\nmodel"). */
  years: Map<string, Set<number>>;
}

function vehicleIds(vehicles: Vehicle[]): VehicleIds {
  const ids: VehicleIds = { baseVehicles: new Map(), makes: new Map(), models: new Map(), subModels: new Map(), engines: new Map(), years: new Map() };
  for (const v of vehicles) {
    if (v.baseVehicleId !== null) ids.baseVehicles.set(v.baseVehicleId, { yearFrom: v.year, yearTo: v.year, make: v.make, model: v.model });
    if (v.makeId !== null) ids.makes.set(v.makeId, v.make);
    if (v.modelId !== null) ids.models.set(v.modelId, { make: v.make, model: v.model });
    if (v.subModelId !== null && v.submodel !== '') ids.subModels.set(v.subModelId, v.submodel);
    if (v.engineBaseId !== null && v.engine !== '') ids.engines.set(v.engineBaseId, v.engine);
    const key = `${v.make}\n${v.model}`;
    ids.years.set(key, (ids.years.get(key) ?? new Set()).add(v.year));
  }
  return ids;
}

// ---- Importing ------------------------------------------------------------------

/** Checks an ACES file against our vehicles and parts and the parts' applications as they are. */
export async function checkAcesXml(db: Executor, xml: AsyncIterable<string>): Promise<CheckedImport<TradeImportReport>> {
  const ids = vehicleIds(await allVehicles(db));
  const apps: ReadApp[] = [];
  const errors: TradeProblem[] = [];
  let full = false;
  try {
    let count = 0;
    const { header } = await readRecords(xml, { root: 'ACES', record: 'App' }, (element) => {
      count += 1;
      if (count > ACES_MAX_APPS) throw new XmlRefused(m.tooManyRecords(ACES_MAX_APPS));
      const read = readApp(element, count, ids);
      if ('problems' in read) errors.push(...read.problems);
      else apps.push(read);
    });
    full = (header.get('SubmissionType') ?? '').toUpperCase() === 'FULL';
  } catch (error) {
    if (error instanceof XmlRefused) return refusedFile(error.message);
    throw error;
  }
  const check = await compareApps(db, apps, full, errors);
  return {
    report: check,
    // Each batch of parts is written as soon as it is compared again: a problem found later rolls the
    // transaction back (answerImport), so the write stays all or nothing without holding every part's list.
    write: (trx) => compareApps(trx, apps, full, errors, (changed) => writeApplications(trx, changed)),
  };
}

const wholeNumber = (text: string | undefined) => (text !== undefined && /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** An App's application, or each thing wrong with it. */
function readApp(app: XmlElement, ordinal: number, ids: VehicleIds): ReadApp | { problems: TradeProblem[] } {
  const record = app.attributes.id?.trim() || `#${ordinal}`;
  const problems: string[] = [];
  if (!app.attributes.id?.trim()) problems.push(m.appIdMissing);
  const action = (app.attributes.action ?? 'A').trim().toUpperCase();
  if (action !== 'A' && action !== 'D') problems.push(m.actionInvalid(app.attributes.action ?? ''));
  const vehicle = appVehicle(app, ids, problems);
  const idOf = (name: string) => child(app, name)?.attributes.id;
  const optionalName = (name: string, names: Map<number, string>, unknown: (id: string) => string) => {
    const id = idOf(name);
    if (id === undefined) return '';
    const found = names.get(wholeNumber(id) ?? -1);
    if (found === undefined) problems.push(unknown(id));
    return found ?? '';
  };
  const submodel = optionalName('SubModel', ids.subModels, m.subModelUnknown);
  const engine = optionalName('EngineBase', ids.engines, m.engineBaseUnknown);
  const qualifier = children(app, 'Note').map((note) => note.text).filter((text) => text !== '').join('; ');
  if (qualifier.length > QUALIFIER_MAX) problems.push(m.noteTooLong(QUALIFIER_MAX));
  const qtyText = childText(app, 'Qty');
  const quantity = qtyText === '' ? 1 : wholeNumber(qtyText);
  if (quantity === undefined || quantity < 1) problems.push(m.qtyInvalid);
  const partTypeId = idOf('PartType') === undefined ? null : wholeNumber(idOf('PartType'));
  if (partTypeId === undefined) problems.push(m.partTypeInvalid);
  const positionId = idOf('Position');
  const position = positionId === undefined ? '' : wholeNumber(positionId) === undefined ? undefined : positionOfPcdbId(wholeNumber(positionId)!);
  if (position === undefined) problems.push(m.positionUnknown(positionId ?? ''));
  const part = childText(app, 'Part');
  if (part === '') problems.push(m.partMissing);
  if (problems.length > 0 || !vehicle) return { problems: problems.map((message) => ({ record, message })) };
  return { record, action: action as 'A' | 'D', part, vehicle, submodel, engine, qualifier, position: position!, quantity: quantity!, partTypeId: partTypeId! };
}

/** The years, make and model an App names: a BaseVehicle id, or Years with Make and Model ids. */
function appVehicle(app: XmlElement, ids: VehicleIds, problems: string[]): AppVehicle | undefined {
  const base = child(app, 'BaseVehicle');
  if (base) {
    const found = ids.baseVehicles.get(wholeNumber(base.attributes.id) ?? -1);
    if (!found) problems.push(m.baseVehicleUnknown(base.attributes.id ?? ''));
    return found;
  }
  const years = child(app, 'Years');
  const makeId = child(app, 'Make')?.attributes.id;
  const modelId = child(app, 'Model')?.attributes.id;
  if (!years || makeId === undefined || modelId === undefined) {
    problems.push(m.vehicleMissing);
    return undefined;
  }
  const [yearFrom, yearTo] = [wholeNumber(years.attributes.from), wholeNumber(years.attributes.to)];
  if (yearFrom === undefined || yearTo === undefined || yearFrom > yearTo) problems.push(m.yearsInvalid);
  const make = ids.makes.get(wholeNumber(makeId) ?? -1);
  if (make === undefined) problems.push(m.makeUnknown(makeId));
  const model = ids.models.get(wholeNumber(modelId) ?? -1);
  if (model === undefined || (make !== undefined && model.make !== make)) problems.push(m.modelUnknown(modelId));
  if (yearFrom === undefined || yearTo === undefined || yearFrom > yearTo || make === undefined || model === undefined || model.make !== make) return undefined;
  const known = [...(ids.years.get(`${model.make}\n${model.model}`) ?? [])].sort((a, b) => a - b);
  if (!known.some((year) => yearFrom <= year && year <= yearTo)) {
    problems.push(m.yearsOutsideBase(`${model.make} ${model.model}`, `${known[0]}–${known.at(-1)}`));
    return undefined;
  }
  return { yearFrom, yearTo, make: model.make, model: model.model };
}

/** Which application of a part an App means: everything but how many and the part type, which an App may change. */
const identity = (a: Application) => JSON.stringify([a.yearFrom, a.yearTo, a.make, a.model, a.submodel, a.engine, a.qualifier, a.position]);

/** The application an App means. */
const applicationOf = ({ vehicle, submodel, engine, qualifier, position, quantity, partTypeId }: ReadApp): Application => ({
  ...vehicle,
  submodel,
  engine,
  qualifier,
  position,
  quantity,
  partTypeId,
});

/**
 * The Apps against each named part's applications as they are now: the report; and, a batch of parts
 * at a time while no problem has shown, the parts whose list changes with their new list to `write`.
 */
async function compareApps(
  db: Executor,
  apps: ReadApp[],
  full: boolean,
  readProblems: TradeProblem[],
  write?: (changed: { productId: number; applications: Application[] }[]) => Promise<void>,
): Promise<TradeImportReport> {
  const errors = [...readProblems];
  const report: TradeImportReport = { created: 0, updated: 0, deleted: 0, unchanged: 0, errors, ignored: [] };
  const products = await listedPartIds(db, apps.map((app) => normalisePartNumber(app.part)));
  const byPart = new Map<number, ReadApp[]>();
  for (const app of apps) {
    const productId = products.get(normalisePartNumber(app.part));
    if (productId === undefined) {
      errors.push({ record: app.record, message: m.partUnknown(app.part) });
      continue;
    }
    const list = byPart.get(productId);
    if (list) list.push(app);
    else byPart.set(productId, [app]);
  }
  products.clear();
  const partIds = [...byPart.keys()];
  for (let i = 0; i < partIds.length; i += PART_BATCH) {
    await yieldToOtherRequests();
    const batch = partIds.slice(i, i + PART_BATCH);
    const current = await applicationsOf(db, batch);
    const changed: { productId: number; applications: Application[] }[] = [];
    for (const productId of batch) {
      const result = applyApps(current.get(productId) ?? [], byPart.get(productId)!, full, report);
      if (result) changed.push({ productId, applications: result });
    }
    if (write && errors.length === 0 && changed.length > 0) await write(changed);
  }
  errors.sort((a, b) => a.record.localeCompare(b.record, 'en', { numeric: true }));
  return report;
}

/** A part's applications once its Apps are applied (counted in `report`); undefined when they stay as they are. */
function applyApps(before: Application[], apps: ReadApp[], full: boolean, report: TradeImportReport): Application[] | undefined {
  const after = new Map(before.map((a) => [identity(a), a]));
  const firstApp = new Map<string, string>();
  const added = new Set<string>();
  let changes = 0;
  for (const app of apps) {
    const { record, action } = app;
    const clean = applicationOf(app);
    const key = identity(clean);
    const first = firstApp.get(key);
    if (first !== undefined) {
      report.errors.push({ record, message: m.duplicate(first) });
      continue;
    }
    firstApp.set(key, record);
    const existing = after.get(key);
    if (action === 'D') {
      if (existing) {
        after.delete(key);
        report.deleted += 1;
        changes += 1;
      } else report.unchanged += 1;
      continue;
    }
    added.add(key);
    if (!existing) report.created += 1;
    else if (existing.quantity === clean.quantity && existing.partTypeId === clean.partTypeId) report.unchanged += 1;
    else report.updated += 1;
    if (!existing || existing.quantity !== clean.quantity || existing.partTypeId !== clean.partTypeId) changes += 1;
    after.set(key, clean);
  }
  if (full) {
    for (const key of [...after.keys()]) {
      if (added.has(key)) continue;
      after.delete(key);
      report.deleted += 1;
      changes += 1;
    }
  }
  return changes > 0 ? [...after.values()] : undefined;
}

// ---- Exporting ------------------------------------------------------------------

/**
 * Every listed part's applications as one FULL ACES 4.2 document, a batch of parts at a time. An
 * application of a single year whose base vehicle has a VCdb id is a BaseVehicle, any other Years with a
 * Make and a Model; one whose vehicle has no VCdb ids in our base is left out with a comment saying so.
 */
export async function* exportAcesXml(db: Executor, { company, today }: { company: string; today: string }): AsyncGenerator<string> {
  const find = exportIds(await allVehicles(db));
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n';
  yield `  <Header>${[
    xmlElement('Company', {}, company),
    xmlElement('SenderName', {}, company),
    xmlElement('TransferDate', {}, today),
    xmlElement('DocumentTitle', {}, `${company} applications`),
    xmlElement('EffectiveDate', {}, today),
    xmlElement('SubmissionType', {}, 'FULL'),
  ].join('')}</Header>\n`;
  let afterId = 0;
  let appId = 0;
  for (;;) {
    await yieldToOtherRequests();
    const products = await db.selectFrom('products').select(['id', 'sku']).where('hidden_at', 'is', null).where('id', '>', afterId).orderBy('id').limit(PART_BATCH).execute();
    const applications = await applicationsOf(db, products.map((p) => p.id));
    const lines: string[] = [];
    for (const { id, sku } of products) {
      for (const a of applications.get(id) ?? []) {
        const vehicle = find(a);
        if (!vehicle) {
          lines.push(`  <!-- ${escapeComment(`${sku}: ${a.yearFrom}-${a.yearTo} ${a.make} ${a.model} ${a.submodel} ${a.engine}`)} has no VCdb ids in our base -->`);
          continue;
        }
        appId += 1;
        const positionId = pcdbIdOfPosition(a.position);
        lines.push(
          `  <App action="A" id="${appId}">${[
            ...vehicle,
            a.qualifier === '' ? '' : xmlElement('Note', {}, a.qualifier),
            xmlElement('Qty', {}, String(a.quantity)),
            a.partTypeId === null ? '' : xmlElement('PartType', { id: a.partTypeId }),
            positionId === undefined ? '' : xmlElement('Position', { id: positionId }),
            xmlElement('Part', {}, sku),
          ].join('')}</App>`,
        );
      }
    }
    if (lines.length > 0) yield `${lines.join('\n')}\n`;
    if (products.length < PART_BATCH) break;
    afterId = products.at(-1)!.id;
  }
  yield `  <Footer>${xmlElement('RecordCount', {}, String(appId))}</Footer>\n</ACES>\n`;
}

const escapeComment = (text: string) => text.replace(/-{2,}/g, '-');

/** The VCdb elements naming an application's vehicle, or undefined when our base has no ids for it. */
function exportIds(vehicles: Vehicle[]) {
  const first = <K, V>(map: Map<K, V>, key: K, value: V | null) => {
    if (value !== null && !map.has(key)) map.set(key, value);
  };
  const base = new Map<string, number>();
  const makes = new Map<string, number>();
  const models = new Map<string, number>();
  const subModels = new Map<string, number>();
  const engines = new Map<string, number>();
  for (const v of vehicles) {
    first(base, `${v.year}\n${v.make}\n${v.model}`, v.baseVehicleId);
    first(makes, v.make, v.makeId);
    first(models, `${v.make}\n${v.model}`, v.modelId);
    first(subModels, `${v.make}\n${v.model}\n${v.submodel}`, v.subModelId);
    first(engines, `${v.make}\n${v.model}\n${v.engine}`, v.engineBaseId);
  }
  return (a: Application): string[] | undefined => {
    const vehicle: string[] = [];
    const baseId = a.yearFrom === a.yearTo ? base.get(`${a.yearFrom}\n${a.make}\n${a.model}`) : undefined;
    if (baseId !== undefined) vehicle.push(xmlElement('BaseVehicle', { id: baseId }));
    else {
      const [makeId, modelId] = [makes.get(a.make), models.get(`${a.make}\n${a.model}`)];
      if (makeId === undefined || modelId === undefined) return undefined;
      vehicle.push(xmlElement('Years', { from: a.yearFrom, to: a.yearTo }), xmlElement('Make', { id: makeId }), xmlElement('Model', { id: modelId }));
    }
    for (const [name, value, ids] of [['SubModel', a.submodel, subModels], ['EngineBase', a.engine, engines]] as const) {
      if (value === '') continue;
      const id = ids.get(`${a.make}\n${a.model}\n${value}`);
      if (id === undefined) return undefined;
      vehicle.push(xmlElement(name, { id }));
    }
    return vehicle;
  };
}
