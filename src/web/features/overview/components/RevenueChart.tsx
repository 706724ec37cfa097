import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesStats } from '../../../../shared/sales-stats.js';
import { messages } from '../../../../shared/messages.js';
import { formatCalendarDate, formatMoney } from '../../../../shared/format.js';
import { formatDollars } from '../../../../shared/money.js';

const text = messages.ui.overview;

/**
 * Revenue by day as an area chart. recharts is imported here only, so it loads with the overview's chunk.
 * The drawing is hidden from assistive technology; a summary and a table of the days say the same in words.
 */
export function RevenueChart({ days, revenue }: { days: SalesStats['byDay']; revenue: number }) {
  const best = days.reduce<SalesStats['byDay'][number] | null>((top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top), null);
  return (
    <figure className="rounded-lg border border-slate-200 p-4">
      <figcaption className="mb-3">
        <h2 className="text-lg font-semibold">{text.chartTitle}</h2>
        <p className="text-sm text-slate-700">
          {text.chartSummary(days.length, formatDollars(revenue), best && `${formatCalendarDate(best.date)} (${formatMoney(best.revenue)})`)}
        </p>
      </figcaption>
      <div aria-hidden="true" className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%" minWidth={200} initialDimension={{ width: 600, height: 288 }}>
          {/* The drawing is hidden from screen readers (the table above says the same), so it takes no keyboard focus either. */}
          <AreaChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={formatCalendarDate} tick={{ fontSize: 12 }} minTickGap={24} />
            <YAxis tick={{ fontSize: 12 }} tickFormatter={(value: number) => formatMoney(value)} width={80} />
            <Tooltip labelFormatter={(date) => formatCalendarDate(String(date))} formatter={(value) => formatMoney(Number(value))} />
            <Area type="monotone" dataKey="revenue" name={text.figures.revenue} stroke="#1d4ed8" fill="#bfdbfe" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{text.chartTable}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.date}</th>
            <th scope="col">{text.columns.revenue}</th>
            <th scope="col">{text.columns.orders}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatCalendarDate(day.date)}</th>
              <td>{formatDollars(day.revenue)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
