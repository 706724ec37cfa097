/**
 * A part's applications: the vehicles it fits, as a year range of a make and model (spelled as the
 * vehicle base spells them), optionally only one submodel or engine, with a qualifier the buyer must
 * check and a position on the car. The rule of what an application covers is `applicationFits` in
 * src/shared/fitment.ts; `coversVehicle` is the same rule in SQL (a test keeps the two in step).
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Application } from '../../shared/api.js';
import type { VehicleIdentity } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import { type ApplicationInput, applicationKey } from '../../shared/product-schemas.js';
import { jsonArrayOn, rowsInColumn } from '../db/json-column.js';
import type { ApplicationsTable, Database, Executor } from '../db/schema.js';
import { findModel } from '../fitment/service.js';
import { badRequest } from '../http/errors.js';

/** How a listed part fits the vehicle asked about: the qualifiers and positions of the applications that cover it. */
export interface Fitment {
  fits: boolean;
  qualifier: string;
  position: string;
}

const NO_FIT: Fitment = { fits: false, qualifier: '', position: '' };
/** Rows per query or insert: well inside both databases' limits on bound parameters. */
const BATCH = 1000;

// Makes and models sort the same on both databases, numbers by value: "3 Series" before "X5".
const names = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** By make, model and first year, then the rest, so a part's list reads the same every time. */
function byVehicle(a: Application, b: Application): number {
  return (
    names.compare(a.make, b.make) ||
    names.compare(a.model, b.model) ||
    a.yearFrom - b.yearFrom ||
    a.yearTo - b.yearTo ||
    names.compare(a.submodel, b.submodel) ||
    names.compare(a.engine, b.engine) ||
    names.compare(a.qualifier, b.qualifier) ||
    names.compare(a.position, b.position) ||
    a.quantity - b.quantity ||
    (a.partTypeId ?? 0) - (b.partTypeId ?? 0)
  );
}

/** An application as the database holds it, as the API answers it. */
function toApplication({ year_from, year_to, make, model, submodel, engine, qualifier, position, quantity, part_type_id }: Selectable<ApplicationsTable>): Application {
  return { yearFrom: year_from, yearTo: year_to, make, model, submodel, engine, qualifier, position, quantity, partTypeId: part_type_id };
}

/** The applications of these parts (a thousand parts per query), each part's sorted by vehicle. */
export async function applicationsOf(db: Executor, productIds: readonly number[]): Promise<Map<number, Application[]>> {
  const byProduct = new Map<number, Application[]>();
  for (let i = 0; i < productIds.length; i += BATCH) {
    const rows = await db.selectFrom('applications').selectAll().where('product_id', 'in', productIds.slice(i, i + BATCH)).execute();
    for (const row of rows) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push(toApplication(row));
      byProduct.set(row.product_id, list);
    }
  }
  for (const list of byProduct.values()) list.sort(byVehicle);
  return byProduct;
}

/** Everything an application holds: two alike are the same row to keep. */
const rowKey = (a: Application) => JSON.stringify([a.yearFrom, a.yearTo, a.make, a.model, a.submodel, a.engine, a.qualifier, a.position, a.quantity, a.partTypeId]);

/**
 * Each part's applications become these (checked by the caller: make and model spelled as the base spells
 * them). Only what differs is written: a file adding one application to parts that fit ten vehicles
 * inserts one row per part instead of rewriting eleven. A batch of parts at a time, letting other
 * requests in between (an import's transaction on SQLite would otherwise hold the event loop to its end).
 */
export async function writeApplications(db: Executor, parts: readonly { productId: number; applications: readonly Application[] }[]): Promise<void> {
  for (let i = 0; i < parts.length; i += BATCH) {
    const batch = parts.slice(i, i + BATCH);
    const wanted = new Map(batch.map(({ productId, applications }) => [productId, countedByKey(applications)]));
    const current = await db.selectFrom('applications').selectAll().where('product_id', 'in', [...wanted.keys()]).execute();
    const stale: number[] = [];
    for (const row of current) {
      const counts = wanted.get(row.product_id)!;
      const key = rowKey(toApplication(row));
      const left = counts.get(key)?.count ?? 0;
      if (left > 0) counts.get(key)!.count = left - 1;
      else stale.push(row.id);
    }
    const fresh = [...wanted].flatMap(([productId, counts]) =>
      [...counts.values()].flatMap(({ application, count }) => Array.from({ length: count }, () => applicationRow(productId, application))),
    );
    for (let j = 0; j < stale.length; j += BATCH) await db.deleteFrom('applications').where('id', 'in', stale.slice(j, j + BATCH)).execute();
    for (let j = 0; j < fresh.length; j += BATCH) await db.insertInto('applications').values(fresh.slice(j, j + BATCH)).execute();
    await yieldToOtherRequests();
  }
}

function countedByKey(applications: readonly Application[]): Map<string, { application: Application; count: number }> {
  const counts = new Map<string, { application: Application; count: number }>();
  for (const application of applications) {
    const key = rowKey(application);
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { application, count: 1 });
  }
  return counts;
}

const applicationRow = (productId: number, a: Application) => ({
  product_id: productId,
  year_from: a.yearFrom,
  year_to: a.yearTo,
  make: a.make,
  model: a.model,
  submodel: a.submodel,
  engine: a.engine,
  qualifier: a.qualifier,
  position: a.position,
  quantity: a.quantity,
  part_type_id: a.partTypeId,
});

type BaseProblem = { field: 'model' | 'yearFrom'; message: string };

/**
 * Checks applications against the vehicle base (each make and model looked up once): the base's make and
 * model, or what is wrong — a model the base does not have, or (when given) a year range with none of its years.
 */
export function vehicleBaseCheck(db: Executor) {
  const models = new Map<string, ReturnType<typeof findModel>>();
  return async (make: string, model: string, years?: Pick<Application, 'yearFrom' | 'yearTo'>): Promise<{ make: string; model: string } | BaseProblem> => {
    const key = `${make.toLowerCase()}\n${model.toLowerCase()}`;
    if (!models.has(key)) models.set(key, findModel(db, make, model));
    const base = await models.get(key)!;
    if (!base) return { field: 'model', message: errorMessages.fitmentImport.modelUnknown(make, model) };
    if (years && !base.years.some((year) => years.yearFrom <= year && year <= years.yearTo)) {
      return { field: 'yearFrom', message: errorMessages.fitmentImport.yearsOutsideBase(base.make, base.model, yearRanges(base.years)) };
    }
    return { make: base.make, model: base.model };
  };
}

/** 2014, 2015, 2016, 2019 → "2014–2016, 2019". */
function yearRanges(years: number[]): string {
  const ranges: [number, number][] = [];
  for (const year of years) {
    const last = ranges.at(-1);
    if (last && year === last[1] + 1) last[1] = year;
    else ranges.push([year, year]);
  }
  return ranges.map(([from, to]) => (from === to ? String(from) : `${from}–${to}`)).join(', ');
}

/**
 * A part's applications become these, as the product form sends them (POST and PATCH /api/products):
 * each checked against the vehicle base as the fitment import checks them (400 naming the row's field,
 * `applications.1.model`) and stored as the base spells its make and model. An application the part
 * already had keeps its quantity and part type (the form does not edit them: they come from ACES files);
 * a new one takes 1 and none.
 */
export async function replaceApplications(db: Executor, productId: number, inputs: readonly ApplicationInput[]): Promise<void> {
  const check = vehicleBaseCheck(db);
  const fields: Record<string, string> = {};
  const applications: Application[] = [];
  for (const [index, input] of inputs.entries()) {
    const base = await check(input.make, input.model, input);
    if ('field' in base) fields[`applications.${index}.${base.field}`] = base.message;
    else applications.push({ ...input, ...base, quantity: 1, partTypeId: null });
  }
  const [first] = Object.values(fields);
  if (first !== undefined) throw badRequest(first, fields);
  const kept = new Map(((await applicationsOf(db, [productId])).get(productId) ?? []).map((a) => [applicationKey(a), a]));
  const written = applications.map((a) => {
    const before = kept.get(applicationKey(a));
    return before ? { ...a, quantity: before.quantity, partTypeId: before.partTypeId } : a;
  });
  await writeApplications(db, [{ productId, applications: written }]);
}

/** A vehicle as `coversVehicle` compares it: its submodel and engine trimmed. */
export function comparedVehicle(vehicle: VehicleIdentity): VehicleIdentity {
  return { year: vehicle.year, make: vehicle.make, model: vehicle.model, submodel: vehicle.submodel.trim(), engine: vehicle.engine.trim() };
}

/**
 * `applicationFits` in SQL: the make and model equal (applications store the base's spelling, so the
 * index applications_vehicle answers this part), the year in the range, and the submodel and engine
 * when the application names one, in any case. The vehicle as `comparedVehicle` gives it.
 */
export function coversVehicle(vehicle: VehicleIdentity) {
  return (eb: ExpressionBuilder<Database, 'applications'>) => {
    const sameText = (column: 'applications.submodel' | 'applications.engine', value: string) =>
      eb.or([eb(column, '=', sql.lit('')), eb(eb.fn('lower', [column]), '=', eb.fn('lower', [eb.val(value)]))]);
    return eb.and([
      eb('applications.make', '=', vehicle.make),
      eb('applications.model', '=', vehicle.model),
      eb('applications.year_from', '<=', vehicle.year),
      eb('applications.year_to', '>=', vehicle.year),
      sameText('applications.submodel', vehicle.submodel),
      sameText('applications.engine', vehicle.engine),
    ]);
  };
}

/**
 * The applications of each listed part that cover the vehicle (as `comparedVehicle` gives it), as one
 * JSON column of its row, `fitment`, read by the part's covering index (migration 027). Read it with
 * `fitmentInColumn`.
 */
export function fitmentColumn(db: Executor, vehicle: VehicleIdentity) {
  return jsonArrayOn(db)(
    db
      .selectFrom('applications')
      .select(['applications.qualifier', 'applications.position'])
      .where('applications.product_id', '=', sql.ref<number>('products.id'))
      .where(coversVehicle(vehicle))
      .orderBy('applications.id'),
  ).as('fitment');
}

/** The applications that cover the vehicle, as that column holds them. */
export type CoveringApplication = Pick<Application, 'qualifier' | 'position'>;

/** Whether a part fits the vehicle, and with which qualifiers and positions (several applications: each named once, joined by "; "). */
export function fitmentInColumn(column: CoveringApplication[] | string): Fitment {
  const covering = rowsInColumn(column);
  if (covering.length === 0) return NO_FIT;
  return { fits: true, qualifier: joinDistinct(covering.map((a) => a.qualifier)), position: joinDistinct(covering.map((a) => a.position)) };
}

function joinDistinct(texts: string[]): string {
  return [...new Set(texts.filter((text) => text !== ''))].join('; ');
}
