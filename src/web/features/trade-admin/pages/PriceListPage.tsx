import { Link, useParams } from 'react-router';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { usePriceList } from '../api.js';
import { PriceListForm } from '../components/PriceListForm.js';

const copy = tradeStaffCopy.priceListForm;

const back = (
  <Link to="/dashboard/price-lists" className="mb-4 inline-block text-sm text-brand-700 underline">
    {copy.back}
  </Link>
);

/** A new price list (`/dashboard/price-lists/new`). */
export function NewPriceListPage() {
  return (
    <Panel title={copy.newTitle}>
      <title>{`${copy.newTitle} – Partsmith`}</title>
      {back}
      <PriceListForm />
    </Panel>
  );
}

/** One price list's form (`/dashboard/price-lists/:id`): read again after a save or an import, the form starts from what was stored. */
export function EditPriceListPage() {
  const { id } = useParams<{ id: string }>();
  const list = usePriceList(id);
  const title = list.data ? copy.editTitle(list.data.name) : tradeStaffCopy.priceLists.title;
  return (
    <Panel title={title}>
      <title>{`${title} – Partsmith`}</title>
      {back}
      <QueryState query={list} label="price list">
        {(found) => <PriceListForm key={found.updatedAt} list={found} />}
      </QueryState>
    </Panel>
  );
}
