/**
 * The licensed VCdb mapping, as a CSV file: which ids of the Auto Care Association's vehicle database
 * each vehicle of our base has. A row names our vehicles by year, make and model, and a submodel and an
 * engine (empty: every one of that model year), and gives the ids it knows (an empty cell keeps the id the
 * vehicle has). The report counts vehicles: created (had no ids), updated, unchanged. Any problem and
 * nothing is written.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import type { ImportReport, Vehicle } from '../../shared/api.js';
import { VCDB_ID_FIELDS, type VcdbIds, vehicleName } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import type { Executor } from '../db/schema.js';
import { allVehicles, setVcdbIds } from '../fitment/service.js';
import { type CheckedImport, type ColumnProblem, listedProblems, type Problem, readSheet, ROWS_PER_YIELD } from './csv-sheet.js';

const m = errorMessages.fitmentImport;

export const VCDB_COLUMNS = ['year', 'make', 'model', 'submodel', 'engine', ...VCDB_ID_FIELDS] as const;
const REQUIRED = ['year', 'make', 'model'] as const;

const lower = (text: string) => text.trim().toLowerCase();
const modelYearKey = (year: number | string, make: string, model: string) => `${year}\n${lower(make)}\n${lower(model)}`;

export async function checkVcdbCsv(db: Executor, csv: string): Promise<CheckedImport> {
  const sheet = await readSheet(csv, VCDB_COLUMNS, (header) => {
    const missing = REQUIRED.filter((column) => !header.includes(column));
    return missing.length === 0 ? [] : [{ row: 1, column: '', message: m.missingColumns(missing, REQUIRED) }];
  });
  const check = async (executor: Executor) => {
    const vehicles = await allVehicles(executor);
    const byModelYear = new Map<string, Vehicle[]>();
    for (const vehicle of vehicles) {
      const key = modelYearKey(vehicle.year, vehicle.make, vehicle.model);
      byModelYear.set(key, [...(byModelYear.get(key) ?? []), vehicle]);
    }
    const problems: Problem[] = [...sheet.problems];
    /** Each vehicle's ids as the file leaves them, and the row that gave each id. */
    const planned = new Map<number, { ids: VcdbIds; rows: Partial<Record<keyof VcdbIds, number>> }>();
    for (const [index, { row, cells }] of sheet.rows.entries()) {
      if (index % ROWS_PER_YIELD === 0) await yieldToOtherRequests();
      const text = (column: (typeof VCDB_COLUMNS)[number]) => (cells[column] ?? '').trim();
      const given: Partial<VcdbIds> = {};
      const rowProblems: ColumnProblem[] = [];
      for (const field of VCDB_ID_FIELDS) {
        if (text(field) === '') continue;
        const id = Number(text(field));
        if (/^\d{1,9}$/.test(text(field)) && id >= 1) given[field] = id;
        else rowProblems.push([field, m.vcdbIdInvalid]);
      }
      const matching = (byModelYear.get(modelYearKey(text('year'), text('make'), text('model'))) ?? []).filter(
        (v) => (text('submodel') === '' || lower(v.submodel) === lower(text('submodel'))) && (text('engine') === '' || lower(v.engine) === lower(text('engine'))),
      );
      if (matching.length === 0) {
        const named = { year: Number(text('year')), make: text('make'), model: text('model'), submodel: text('submodel'), engine: text('engine') };
        rowProblems.push(['model', m.vehicleUnknown(vehicleName(named, true))]);
      }
      for (const vehicle of rowProblems.length > 0 ? [] : matching) {
        const plan = planned.get(vehicle.id) ?? { ids: idsOf(vehicle), rows: {} };
        for (const [field, id] of Object.entries(given) as [keyof VcdbIds, number][]) {
          const earlier = plan.rows[field];
          if (earlier !== undefined && plan.ids[field] !== id) rowProblems.push([field, m.vehicleRepeated(earlier)]);
          plan.ids[field] = id;
          plan.rows[field] ??= row;
        }
        planned.set(vehicle.id, plan);
      }
      problems.push(...rowProblems.map(([column, message]) => ({ row, column, message })));
    }
    const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: listedProblems(problems, VCDB_COLUMNS) };
    const changes: { id: number; ids: VcdbIds }[] = [];
    for (const vehicle of vehicles) {
      const plan = planned.get(vehicle.id);
      if (!plan) continue;
      const before = idsOf(vehicle);
      if (VCDB_ID_FIELDS.every((field) => before[field] === plan.ids[field])) report.unchanged += 1;
      else {
        report[VCDB_ID_FIELDS.every((field) => before[field] === null) ? 'created' : 'updated'] += 1;
        changes.push({ id: vehicle.id, ids: plan.ids });
      }
    }
    return { report, changes };
  };
  const { report } = await check(db);
  return {
    report,
    // Checked again in the writing transaction: the base as it is then is the one the ids go to.
    write: async (trx) => {
      const again = await check(trx);
      if (again.report.errors.length === 0) await setVcdbIds(trx, again.changes);
      return again.report;
    },
  };
}

function idsOf(vehicle: Vehicle): VcdbIds {
  return Object.fromEntries(VCDB_ID_FIELDS.map((field) => [field, vehicle[field]])) as VcdbIds;
}
