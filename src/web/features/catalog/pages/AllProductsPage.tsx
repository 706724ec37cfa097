import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { choosingUi } from '../../../../shared/choosing-copy.js';
import { categoryOf } from '../../../../shared/catalog.js';
import { productPath } from '../../../../shared/paths.js';
import { SearchCombobox } from '../components/SearchCombobox.js';
import { messages } from '../../../../shared/messages.js';
import { countFiltersOf, NO_FILTERS, useCategories } from '../api.js';
import { useProductPages } from '../api-pages.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { CategoryFilter, CheckboxFilter, InStockFilter, SortSelect } from '../components/CatalogFilters.js';
import { FilterSheet, FiltersButton } from '../components/FilterSheet.js';
import { ProductGrid } from '../components/ProductCard.js';
import { QueryState } from '../../../components/QueryState.js';
import { useSearchBox } from '../../../lib/useSearchBox.js';
import { FitLine } from '../../fitment/components/FitLine.js';
import { LookupNotice } from '../../fitment/components/LookupNotice.js';
import { SuggestionsFor } from '../../fitment/components/NumberSuggestions.js';
import { VehiclePanel } from '../../fitment/components/VehiclePanel.js';
import { useGarage, type Garage } from '../../fitment/garage.js';
import { vehicleName } from '../../../../shared/fitment.js';
import type { Vehicle } from '../../../../shared/api.js';
import { filtersFromSearch, hasFilters, SEARCH_MAX, searchFromFilters, type ProductFilters } from '../filters.js';

const text = messages.ui.catalog;

/**
 * The catalog's view lives in the address (`?q=&category=&inStock=true&sort=&vehicle=`): a link shares it,
 * and back and forward step through the filters chosen. Typing a search replaces the address's entry instead.
 * With a vehicle shopped for, the catalog shows the parts that fit it unless told otherwise.
 */
export function AllProductsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const garage = useGarage();
  const filters = useVehicleInAddress(filtersFromSearch(params), garage, setParams);
  const pages = useProductPages(filters);
  const categories = useCategories(countFiltersOf(filters));
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetId = useId();
  const filtersButton = useRef<HTMLButtonElement>(null);
  const filtersOn = [filters.vehicle !== null, filters.category !== null, filters.inStock].filter(Boolean).length;
  const show = (changed: Partial<ProductFilters>) => setParams(searchFromFilters({ ...filters, ...changed }));
  // Set when a suggested part is taken: the search still waiting to be written must not bring the page back.
  const leaving = useRef(false);
  const [search, setSearch] = useSearchBox(filters.q, (q) =>
    !leaving.current && setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    ),
  );
  const clear = () => {
    setSearch('');
    setParams(searchFromFilters({ ...NO_FILTERS, vehicle: filters.vehicle, fitsOnly: filters.fitsOnly }));
  };
  const searchId = useId();
  // The cards name the vehicle asked about: the one shopped for, another of the garage (back, a link), or none known.
  const shownVehicle = [garage.current, ...garage.vehicles].find((vehicle) => vehicle?.id === filters.vehicle) ?? null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <title>All Products – Partsmith</title>
      <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">All Products</h1>
          <p className="mt-1 text-slate-700">Genuine parts straight from our factory, sold in bulk.</p>
        </div>
        <form role="search" className="w-full md:w-96" onSubmit={(event) => event.preventDefault()}>
          <SearchCombobox
            id={searchId}
            label={text.searchLabel}
            placeholder={text.searchPlaceholder}
            value={search}
            maxLength={SEARCH_MAX}
            onChange={setSearch}
            onPick={(suggestion) => {
              if (suggestion.kind === 'part') {
                leaving.current = true;
                void navigate(productPath(suggestion.part.sku));
              }
              else if (suggestion.kind === 'category') show({ category: categoryOf(suggestion.category.slug).slug });
              else show({ vehicle: suggestion.vehicle.id, fitsOnly: true });
            }}
          />
        </form>
      </div>
      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <FilterSheet id={sheetId} open={sheetOpen} onClose={() => setSheetOpen(false)} opener={filtersButton}>
          <VehiclePanel
            onChange={(current) => show({ vehicle: current?.id ?? null, fitsOnly: true })}
            // The vehicle chosen, its parts show at once: the sheet gives way to them.
            onChoose={() => setSheetOpen(false)}
          >
            {() =>
              filters.vehicle !== null && (
                <div className="mt-3">
                  <CheckboxFilter label={messages.ui.fitment.fitsOnly} checked={filters.fitsOnly} onChange={(fitsOnly) => show({ fitsOnly })} />
                </div>
              )
            }
          </VehiclePanel>
          <CategoryFilter categories={categories.data} selected={filters.category} onSelect={(category) => show({ category })} />
          <InStockFilter checked={filters.inStock} onChange={(inStock) => show({ inStock })} />
        </FilterSheet>
        <div className="min-w-0">
          <LookupNotice search={filters.q} />
          <QueryState query={pages} label="products">
            {(data) => {
              const list = data.pages.flatMap((page) => page.items);
              const searching = pages.isFetching && !pages.isFetchingNextPage;
              const more = Boolean(pages.hasNextPage) && !pages.isPlaceholderData;
              return (
                <>
                  <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
                    <div className="flex flex-wrap items-center gap-3">
                      <FiltersButton sheetId={sheetId} open={sheetOpen} on={filtersOn} onOpen={() => setSheetOpen(true)} buttonRef={filtersButton} />
                      <p className="text-sm text-slate-700" role="status" aria-live="polite">
                        {searching ? text.searching : text.productsShown(list.length, more)}
                      </p>
                      {hasFilters(filters) && (
                        <button type="button" className="btn-secondary py-1" onClick={clear}>
                          {text.clearFilters}
                        </button>
                      )}
                    </div>
                    <SortSelect filters={filters} onChange={(sort) => show({ sort })} />
                  </div>
                  {data.pages[0]?.didYouMean && (
                    <p className="mb-4 text-slate-800">
                      {choosingUi.didYouMean}{' '}
                      <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setSearch(data.pages[0]!.didYouMean!)}>
                        {data.pages[0].didYouMean}
                      </button>
                      ?
                    </p>
                  )}
                  {list.length === 0 ? (
                    <NothingShown filters={filters} vehicle={shownVehicle} onShowAll={() => show({ fitsOnly: false })} />
                  ) : (
                    <ProductGrid
                      products={list}
                      heading="h2"
                      more={({ fitment }) => fitment && <FitLine fits={fitment.fits} vehicle={shownVehicle} notes={[fitment]} />}
                    />
                  )}
                  <LoadMore hasMore={more} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
                </>
              );
            }}
          </QueryState>
        </div>
      </div>
    </div>
  );
}

/**
 * An empty list. With a vehicle and only the parts that fit it, whether the search (or filters) found parts
 * that do not fit, with a button to show them: "tire" finds tires, even when none fits the car.
 */
function NothingShown({ filters, vehicle, onShowAll }: { filters: ProductFilters; vehicle: Vehicle | null; onShowAll: () => void }) {
  const fitOnly = filters.vehicle !== null && filters.fitsOnly;
  const all = useCategories(countFiltersOf({ ...filters, fitsOnly: false }), { enabled: fitOnly });
  const inCategory = all.data?.filter((c) => filters.category === null || c.slug === filters.category).reduce((sum, c) => sum + c.count, 0) ?? 0;
  if (!fitOnly || inCategory === 0) {
    return (
      <div className="rounded-lg bg-white p-8 text-center text-slate-700">
        <p>{text.noMatch(filters.q)}</p>
        {filters.q && <SuggestionsFor number={filters.q} className="mt-3" />}
      </div>
    );
  }
  return (
    <div className="rounded-lg bg-white p-8 text-center text-slate-700" data-testid="none-fit">
      <p>{text.noneFit(inCategory, filters.q, vehicle ? vehicleName(vehicle, true) : messages.ui.fitment.thisVehicle)}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onShowAll}>
        {text.showNotFitting(inCategory)}
      </button>
    </div>
  );
}

/**
 * The vehicle of the view. With none in the address, the one shopped for, written into the address (its
 * entry replaced). When the address turns to another vehicle of the garage (back, forward, a link), that
 * one is shopped for; the garage's own changes write the address themselves (VehiclePanel's onChange).
 */
function useVehicleInAddress(filters: ProductFilters, garage: Garage, setParams: ReturnType<typeof useSearchParams>[1]): ProductFilters {
  const vehicle = filters.vehicle ?? garage.current?.id ?? null;
  useEffect(() => {
    if (filters.vehicle === null && vehicle !== null) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('vehicle', String(vehicle));
          return next;
        },
        { replace: true },
      );
    }
  }, [filters.vehicle, vehicle, setParams]);
  const { vehicles, current, select } = garage;
  useEffect(() => {
    const named = vehicles.find((candidate) => candidate.id === filters.vehicle);
    if (named && named.id !== current?.id) select(named);
    // Only when the address's vehicle changes: between a garage change and its new address, they differ.
  }, [filters.vehicle]);
  return { ...filters, vehicle };
}
