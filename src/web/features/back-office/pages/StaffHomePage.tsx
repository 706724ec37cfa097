import { Link } from 'react-router';
import type { AdminHome } from '../../../../shared/back-office.js';
import { staffHomeCopy as text } from '../../../../shared/back-office-copy.js';
import { formatMoney, formatQuantity } from '../../../../shared/format.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useStaffHome } from '../api.js';

interface Tile {
  figure: keyof AdminHome;
  /** The list it opens; none while its feature is not built. */
  to?: string;
}

/** Each count and the list that shows what it counts, filtered to it where the list takes a filter in its address. */
const TILES: Tile[] = [
  // Manage All Orders filters one status at a time: paid and waiting to ship (a partly shipped order is on its unfiltered list).
  { figure: 'ordersToShip', to: '/dashboard/manage-orders?status=to+ship' },
  { figure: 'unreadMessages', to: '/dashboard/inbox' },
  { figure: 'lowStock', to: '/dashboard/low-stock' },
  { figure: 'returnsToHandle', to: '/dashboard/manage-returns' },
  { figure: 'reviewsToApprove', to: '/dashboard/manage-reviews?status=pending' },
  // Trade accounts (issue 63): the applications waiting for a decision.
  { figure: 'companiesToApprove', to: '/dashboard/companies?status=pending' },
  { figure: 'salesToday', to: '/dashboard/overview' },
];

const tileClass = 'flex h-full flex-col gap-1 rounded-xl border p-4';

function TileBody({ value, label, waiting }: { value: string; label: string; waiting: boolean }) {
  return (
    <>
      <span className={`text-3xl font-extrabold tabular-nums ${waiting ? 'text-amber-800' : 'text-slate-900'}`}>{value}</span>
      {/* A space between, so the link reads "4 Orders to ship". */}
      {' '}
      <span className="text-sm font-medium text-slate-700">{label}</span>
    </>
  );
}

/** /dashboard for an admin: what needs doing, each count a link to its list, and today's sales. */
export function StaffHomePage() {
  const home = useStaffHome();
  return (
    <Panel title={text.title}>
      <title>{`${text.title} – Partsmith`}</title>
      <p className="mb-4 text-sm text-slate-700">{text.intro}</p>
      <QueryState query={home} label={text.loading}>
        {(counts) => (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
            {TILES.map(({ figure, to }) => {
              const value = figure === 'salesToday' ? formatMoney(counts.salesToday) : formatQuantity(counts[figure]);
              // A count above 0 is work waiting; sales are not.
              const waiting = figure !== 'salesToday' && counts[figure] > 0;
              return (
                // A sum of money is wider than a count: its tile takes two columns.
                <li key={figure} className={figure === 'salesToday' ? 'col-span-2' : undefined}>
                  {to ? (
                    <Link to={to} className={`${tileClass} border-slate-200 bg-white transition-colors hover:border-brand-700 hover:bg-slate-50`}>
                      <TileBody value={value} label={text.tiles[figure]} waiting={waiting} />
                    </Link>
                  ) : (
                    <div className={`${tileClass} border-dashed border-slate-300 bg-slate-50`}>
                      <TileBody value={value} label={text.tiles[figure]} waiting={false} />
                      <span className="text-xs text-slate-700">{text.notOpenYet}</span>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
