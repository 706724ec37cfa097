import { Link } from 'react-router';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useFitmentQuality } from '../api.js';

const text = returnsUiMessages.quality;
const COLUMNS = Object.values(text.columns);

/** /dashboard/fitment-quality (admins): parts ranked by "doesn't fit" returns, the list to fix fitment data from. */
export function FitmentQualityPage() {
  const quality = useFitmentQuality();
  return (
    <Panel title={text.title}>
      <title>{`${text.title} – Partsmith`}</title>
      <p className="mb-4 text-sm text-slate-700">{text.intro}</p>
      <QueryState query={quality} label="the fitment-quality list">
        {(parts) =>
          parts.length === 0 ? (
            <p className="text-slate-700">{text.empty}</p>
          ) : (
            <DataTable label={text.title} columns={COLUMNS}>
              {parts.map((part) => (
                <tr key={part.productId} data-testid={`fitment-quality-${part.productId}`}>
                  <td>
                    <span className="font-medium">{part.name}</span>
                    <span className="block font-mono text-xs text-slate-600">{part.sku}</span>
                  </td>
                  <td>{part.returns}</td>
                  <td>
                    <ul className="space-y-1">
                      {part.vehicles.map((vehicle) => (
                        <li key={`${vehicle.vehicleId}:${vehicle.fitsByOurData}`} data-testid="named-vehicle">
                          {text.vehicleCount(vehicle.label, vehicle.count)}
                          <span
                            className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${vehicle.fitsByOurData ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800'}`}
                          >
                            {vehicle.fitsByOurData ? text.claimedFit : text.claimedNoFit}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <Link to={`/dashboard/edit-product/${part.productId}`} className="btn-secondary inline-block px-3 py-1.5" aria-label={`${text.edit} ${part.name}`}>
                      {text.edit}
                    </Link>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </Panel>
  );
}
