import { useId } from 'react';
import type { Application } from '../../../../shared/api.js';
import { applicationFits } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';
import { QueryState } from '../../../components/QueryState.js';
import { ScrollRegion } from '../../../components/ScrollRegion.js';
import { useProductFitment } from '../api.js';
import { useGarage } from '../garage.js';
import { trimAndEngine } from '../names.js';
import { FitLine } from './FitLine.js';

const text = messages.ui.fitment;

/** On a part's page: whether it fits the vehicle shopped for, by the same rule as the server's. Nothing without one. */
export function CurrentVehicleFit({ productId }: { productId: string }) {
  const { current } = useGarage();
  const applications = useProductFitment(productId);
  if (!current || !applications.data) return null;
  const fitting = applications.data.filter((application) => applicationFits(application, current));
  return <FitLine fits={fitting.length > 0} vehicle={current} notes={fitting} />;
}

/** A make and model, with its applications by year. */
interface ModelGroup {
  name: string;
  applications: Application[];
}

/** The applications by make and model (alphabetical), each model's by its years. */
export function groupByModel(applications: readonly Application[]): ModelGroup[] {
  const groups = new Map<string, ModelGroup>();
  const sorted = [...applications].sort(
    (a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || a.yearFrom - b.yearFrom || a.yearTo - b.yearTo,
  );
  for (const application of sorted) {
    const name = `${application.make} ${application.model}`;
    const group = groups.get(name) ?? { name, applications: [] };
    group.applications.push(application);
    groups.set(name, group);
  }
  return [...groups.values()];
}

/** "Fits these vehicles": every vehicle the part fits, a table per make and model. */
export function FitsTheseVehicles({ productId }: { productId: string }) {
  const applications = useProductFitment(productId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card mt-8 p-6 md:p-8">
      <h2 id={titleId} className="mb-4 text-2xl font-bold text-slate-900">
        {text.fitsTitle}
      </h2>
      <QueryState query={applications} label={text.fitsTitle.toLowerCase()}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">{text.fitsNone}</p>
          ) : (
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
              {groupByModel(list).map((group) => (
                <ModelTable key={group.name} group={group} />
              ))}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function ModelTable({ group }: { group: ModelGroup }) {
  const columns = text.fitsColumns;
  return (
    <ScrollRegion label={group.name}>
      {/* On a phone each vehicle is a card, a column a line (table-base): the Position column stays on screen. */}
      <table className="table-base w-full overflow-hidden rounded-xl border border-slate-200">
        <caption className="mb-2 text-left text-base font-bold text-slate-900 max-md:block">{group.name}</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            {[columns.years, columns.trim, columns.qualifier, columns.position].map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">
          {group.applications.map((application, index) => (
            <tr key={index}>
              <td data-label={columns.years} className="whitespace-nowrap">
                {text.years(application.yearFrom, application.yearTo)}
              </td>
              <td data-label={columns.trim}>{trimAndEngine(application)}</td>
              <td data-label={columns.qualifier} className="max-md:empty:hidden">
                {application.qualifier}
              </td>
              <td data-label={columns.position} className="max-md:empty:hidden">
                {application.position}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
