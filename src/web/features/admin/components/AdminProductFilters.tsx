import { useId } from 'react';
import { CollapsibleFilters } from '../../../components/CollapsibleFilters.js';
import { CATEGORIES } from '../../../../shared/catalog.js';
import { PRODUCT_STATUSES } from '../../../../shared/schemas.js';
import type { ProductStatus } from '../api.js';

const STATUS_LABELS: Record<ProductStatus, string> = { active: 'Active', archived: 'Archived', all: 'All' };

export interface FilterInputs {
  /** As typed: the list follows it after a pause. */
  search: string;
  category: string;
  status: ProductStatus;
}

/** Manage Products' search box (name or part number), category and status; behind a toggle on a phone. */
export function AdminProductFilters({ value, onChange }: { value: FilterInputs; onChange: (next: FilterInputs) => void }) {
  const id = useId();
  return (
    <CollapsibleFilters>
    <form role="search" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]" onSubmit={(event) => event.preventDefault()}>
      <div>
        <label htmlFor={`${id}-search`} className="label">
          Search by name or part number
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          autoComplete="off"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-category`} className="label">
          Category
        </label>
        <select
          id={`${id}-category`}
          className="input"
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value })}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="label">
          Status
        </label>
        <select
          id={`${id}-status`}
          className="input"
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value as ProductStatus })}
        >
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
    </form>
    </CollapsibleFilters>
  );
}
