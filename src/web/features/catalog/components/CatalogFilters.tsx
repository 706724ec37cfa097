import { useId } from 'react';
import type { CategorySummary } from '../../../../shared/api.js';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, type CategorySlug, type ProductSort } from '../../../../shared/catalog.js';
import { messages } from '../../../../shared/messages.js';
import type { ProductFilters } from '../filters.js';

const text = messages.ui.catalog;

interface CategoryFilterProps {
  /** Every category with its count of parts for sale; undefined while they load. */
  categories: CategorySummary[] | undefined;
  selected: CategorySlug | null;
  onSelect: (category: CategorySlug | null) => void;
}

/**
 * One category at a time, or all: the categories that have parts, each with its count. The chosen one
 * stays listed even when it has none (a shared link to a category that sold out), so it can be left.
 */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  const name = useId();
  if (!categories) return null;
  const listed = categories.filter((category) => category.count > 0 || category.slug === selected);
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  const options = [{ slug: null, name: text.allCategories, count: total }, ...listed];
  return (
    <fieldset>
      <legend className="label">{text.categoryLegend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 lg:flex-col">
        {options.map((category) => (
          <label key={category.slug ?? ''} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              className="h-4 w-4 accent-brand-700"
              checked={category.slug === selected}
              onChange={() => onSelect(category.slug as CategorySlug | null)}
            />
            <span>
              {category.name} <span className="text-slate-600">({category.count})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function InStockFilter({ checked, onChange }: { checked: boolean; onChange: (inStock: boolean) => void }) {
  return <CheckboxFilter label={text.inStockOnly} checked={checked} onChange={onChange} />;
}

/** A filter that is on or off ('In stock only', 'Only parts that fit'). */
export function CheckboxFilter({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * The catalog's order. Without a choice the server lists the newest first, or the best matches first for a
 * search; choosing that default again leaves the address without a sort.
 */
export function SortSelect({ filters, onChange }: { filters: ProductFilters; onChange: (sort: ProductSort | null) => void }) {
  const id = useId();
  const searching = filters.q !== '';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-800">
        {text.sortLabel}
      </label>
      <select
        id={id}
        className="input w-auto py-1.5 text-sm"
        value={filters.sort ?? (searching ? '' : 'newest')}
        onChange={(event) => {
          const sort = event.target.value as ProductSort | '';
          onChange(sort === '' || (sort === 'newest' && !searching) ? null : sort);
        }}
      >
        {searching && <option value="">{text.bestMatch}</option>}
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {PRODUCT_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
