import { useId } from 'react';
import { CollapsibleFilters } from '../../../components/CollapsibleFilters.js';
import { isCalendarDate } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES, type OrderStatusFilter, TO_SHIP } from '../../../../shared/order-status.js';
import { tablesCopy } from '../../../../shared/back-office-copy.js';
import { ORDER_SORTS, type OrderSort } from '../../../../shared/schemas.js';
import { NO_ORDER_FILTERS, type OrderFilters } from '../api.js';
import { ORDER_STATUS_DISPLAY } from '../order-status.js';

const text = messages.ui.orderAdmin;
const SEARCH_MAX = 100;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined => choices.find((choice) => choice === value);
const dateOrEmpty = (value: string | null) => (value && isCalendarDate(value) ? value : '');

/** Manage All Orders' view as its address holds it (`?q=&status=&from=&to=&sort=`); anything else is ignored. */
export function orderFiltersFromSearch(params: URLSearchParams): OrderFilters {
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    status: oneOf<OrderStatusFilter>(ORDER_STATUS_FILTERS, params.get('status')) ?? '',
    from: dateOrEmpty(params.get('from')),
    to: dateOrEmpty(params.get('to')),
    sort: oneOf<OrderSort>(ORDER_SORTS, params.get('sort')) ?? NO_ORDER_FILTERS.sort,
    // A company's id (from its details on the Companies page); anything else is no filter.
    companyId: /^[1-9]\d{0,14}$/.test(params.get('companyId') ?? '') ? params.get('companyId')! : '',
  };
}

interface OrderFilterBarProps {
  filters: OrderFilters;
  /** The search box as typed (the list follows it after a pause). */
  search: string;
  onSearch: (text: string) => void;
  onChange: (changed: Partial<OrderFilters>) => void;
}

/** Manage All Orders' search box, status, the days placed and the sort; behind a toggle on a phone. */
export function OrderFilterBar({ filters, search, onSearch, onChange }: OrderFilterBarProps) {
  const id = useId();
  return (
    <CollapsibleFilters>
    <form role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]" onSubmit={(event) => event.preventDefault()}>
      <div>
        <label htmlFor={`${id}-search`} className="label">
          {text.searchLabel}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          autoComplete="off"
          maxLength={SEARCH_MAX}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="label">
          {text.statusLabel}
        </label>
        <select id={`${id}-status`} className="input" value={filters.status} onChange={(event) => onChange({ status: event.target.value as OrderStatusFilter | '' })}>
          <option value="">{text.allStatuses}</option>
          <option value={TO_SHIP}>{tablesCopy.toShip}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_DISPLAY[status].label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="label">
          {text.fromLabel}
        </label>
        <input id={`${id}-from`} type="date" className="input" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="label">
          {text.toLabel}
        </label>
        <input id={`${id}-to`} type="date" className="input" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="label">
          {text.sortLabel}
        </label>
        <select id={`${id}-sort`} className="input" value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as OrderSort })}>
          {ORDER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {text.sorts[sort]}
            </option>
          ))}
        </select>
      </div>
    </form>
    </CollapsibleFilters>
  );
}
