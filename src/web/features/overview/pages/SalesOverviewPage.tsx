import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SalesStats } from '../../../../shared/sales-stats.js';
import { messages } from '../../../../shared/messages.js';
import { formatMoney, formatQuantity } from '../../../../shared/format.js';
import { formatDollars } from '../../../../shared/money.js';
import { ORDER_STATUSES } from '../../../../shared/order-status.js';
import { SALES_PERIOD_MAX_DAYS } from '../../../../shared/schemas.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { statusLabel } from '../../orders/order-status.js';
import { useAdminCompanies } from '../../trade-admin/api.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { useSalesStats } from '../api.js';
import { RevenueChart } from '../components/RevenueChart.js';
import { changeText, isValidPeriod, localToday, type Period, type Preset, PRESETS, presetPeriod, previousPeriod } from '../period.js';

const text = messages.ui.overview;
const tradeText = tradeStaffCopy.overview;

/** What sold in a period, against the period of the same length before it: figures, a chart, the leaders. */
export function SalesOverviewPage() {
  const [today] = useState(localToday);
  const [preset, setPreset] = useState<Preset>('month');
  const [custom, setCustom] = useState<Period>(() => presetPeriod('month', today));
  const period = preset === 'custom' ? custom : presetPeriod(preset, today);
  const valid = isValidPeriod(period);
  // One company's orders only (issue 63), kept in the address: `?companyId=`.
  const [params, setParams] = useSearchParams();
  const companyId = /^\d+$/.test(params.get('companyId') ?? '') ? Number(params.get('companyId')) : null;
  const companies = useAdminCompanies('approved');
  const current = useSalesStats(valid ? period : null, companyId);
  const previous = useSalesStats(valid ? previousPeriod(period) : null, companyId);
  const chooseCompany = (value: string) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (value === '') next.delete('companyId');
        else next.set('companyId', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Panel title={text.title}>
      <title>{`${text.title} – Partsmith`}</title>
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div role="group" aria-label={text.periodLabel} className="flex flex-wrap gap-2">
          {PRESETS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={preset === option}
              className={`${preset === option ? 'btn-primary' : 'btn-secondary'} px-3 py-1.5`}
              onClick={() => setPreset(option)}
            >
              {text.presets[option]}
            </button>
          ))}
        </div>
        <label className="flex flex-col text-sm font-medium">
          {tradeText.company}
          <select className="input" value={companyId ?? ''} onChange={(event) => chooseCompany(event.target.value)}>
            <option value="">{tradeText.allCompanies}</option>
            {(companies.data ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
            {companyId !== null && !companies.data?.some((company) => company.id === companyId) && <option value={companyId}>{`#${companyId}`}</option>}
          </select>
        </label>
        {preset === 'custom' && (
          <div className="flex flex-wrap gap-3">
            {(['from', 'to'] as const).map((end) => (
              <label key={end} className="flex flex-col text-sm font-medium">
                {text[end]}
                <input
                  type="date"
                  className="input"
                  value={custom[end]}
                  onChange={(event) => setCustom({ ...custom, [end]: event.target.value })}
                />
              </label>
            ))}
          </div>
        )}
      </div>
      {valid ? (
        <QueryState query={current} label="sales figures">
          {(stats) => <Overview stats={stats} previous={previous.data} />}
        </QueryState>
      ) : (
        <p role="alert" className="text-sm text-red-800">
          {text.customInvalid(SALES_PERIOD_MAX_DAYS)}
        </p>
      )}
    </Panel>
  );
}

function Overview({ stats, previous }: { stats: SalesStats; previous: SalesStats | undefined }) {
  return (
    <div className="space-y-8">
      <Figures stats={stats} previous={previous} />
      {stats.orders === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <>
          <RevenueChart days={stats.byDay} revenue={stats.revenue} />
          <TopParts title={text.topByRevenue} parts={stats.topProducts} />
          <TopParts title={text.topByUnits} parts={stats.topProductsByUnits} />
          <section>
            <h2 className="mb-2 text-lg font-semibold">{text.topCustomers}</h2>
            <DataTable label={text.topCustomers} columns={[text.columns.customer, text.columns.revenue, text.columns.orders]}>
              {stats.topCustomers.map((customer) => (
                <tr key={customer.email}>
                  <td>
                    <p className="font-medium">{customer.name}</p>
                    <p className="text-xs break-all text-slate-700">{customer.email}</p>
                  </td>
                  <td>{formatDollars(customer.revenue)}</td>
                  <td>{customer.orders}</td>
                </tr>
              ))}
            </DataTable>
          </section>
          {stats.topCompanies.length > 0 && (
            <section>
              <h2 className="mb-2 text-lg font-semibold">{tradeText.topCompanies}</h2>
              <DataTable label={tradeText.topCompanies} columns={[tradeText.columns.company, tradeText.columns.revenue, tradeText.columns.orders]}>
                {stats.topCompanies.map((company) => (
                  <tr key={company.companyId}>
                    <td className="font-medium">{company.name}</td>
                    <td>{formatDollars(company.revenue)}</td>
                    <td>{company.orders}</td>
                  </tr>
                ))}
              </DataTable>
            </section>
          )}
        </>
      )}
      <section>
        <h2 className="mb-2 text-lg font-semibold">{text.byStatus}</h2>
        <DataTable label={text.byStatus} columns={[text.columns.status, text.columns.count]}>
          {ORDER_STATUSES.map((status) => (
            <tr key={status} data-testid={`status-${status}`}>
              <td>{statusLabel(status)}</td>
              <td>{stats.byStatus[status] ?? 0}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

const FIGURES = [
  ['revenue', formatMoney],
  // Beside revenue, never in it: the tax is the state's.
  ['tax', formatMoney],
  // Money given back in the period, on the day it went back: revenue stays as it came in.
  ['refunds', formatMoney],
  ['orders', formatQuantity],
  ['units', formatQuantity],
  ['averageOrderValue', formatMoney],
] as const;

function Figures({ stats, previous }: { stats: SalesStats; previous: SalesStats | undefined }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {FIGURES.map(([key, format]) => {
        const change = previous && changeText(stats[key], previous[key]);
        return (
          <div key={key} data-testid={`figure-${key}`} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm text-slate-700">{text.figures[key]}</dt>
            <dd className="text-2xl font-semibold">{format(stats[key])}</dd>
            {previous && <dd className="text-sm text-slate-700">{change ? text.change(change) : text.noPreviousSales}</dd>}
          </div>
        );
      })}
    </dl>
  );
}

function TopParts({ title, parts }: { title: string; parts: SalesStats['topProducts'] }) {
  return (
    <section>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <DataTable label={title} columns={[text.columns.part, text.columns.revenue, text.columns.units]}>
        {parts.map((part) => (
          <tr key={part.productId}>
            <td>
              <p className="font-medium">{part.name}</p>
              <p className="text-xs text-slate-700">{part.sku}</p>
            </td>
            <td>{formatDollars(part.revenue)}</td>
            <td>{formatQuantity(part.units)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
