import { Link } from 'react-router';
import type { PriceList } from '../../../../shared/companies.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { ActionsMenu } from '../../../components/ActionsMenu.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { downloadFile } from '../../../lib/save-file.js';
import { priceListCsv, useDeletePriceList, usePriceLists } from '../api.js';

const copy = tradeStaffCopy.priceLists;

/** "Always", "from 2030-01-01", "until 2030-12-31" or "2030-01-01 – 2030-12-31". */
export function validity(list: Pick<PriceList, 'validFrom' | 'validTo'>): string {
  if (list.validFrom && list.validTo) return `${list.validFrom} – ${list.validTo}`;
  if (list.validFrom) return copy.from(list.validFrom);
  if (list.validTo) return copy.until(list.validTo);
  return copy.always;
}

/**
 * Price lists (issue 63): each list with its discount, validity, how many parts it fixes a price for and
 * how many companies buy at it. Edit opens its form (and its CSV import); Delete asks first, and the
 * server's refusal of a list in use (409) stays in the dialog.
 */
export function PriceListsPage() {
  const lists = usePriceLists();
  const remove = useDeletePriceList();
  const { ask, dialog } = useConfirm();

  const deleteOne = (list: PriceList) =>
    ask(
      copy.deleteAsk(list.name),
      async () => {
        await remove.mutateAsync(list.id);
        return copy.deleted(list.name);
      },
      { confirmLabel: copy.deleteConfirm, cancelLabel: copy.deleteCancel, details: copy.deleteDetails },
    );

  return (
    <Panel title={copy.title}>
      <title>{`${copy.title} – Partsmith`}</title>
      <div className="mb-4">
        <Link to="/dashboard/price-lists/new" className="btn-primary inline-block">
          {copy.newList}
        </Link>
      </div>
      <QueryState query={lists} label="price lists">
        {(all) =>
          all.length === 0 ? (
            <p className="text-slate-700">{copy.none}</p>
          ) : (
            <DataTable label={copy.tableLabel} columns={copy.columns}>
              {all.map((list) => (
                <tr key={list.id} data-testid={`price-list-${list.id}`}>
                  <td className="font-mono text-sm">{list.id}</td>
                  <td className="font-medium">{list.name}</td>
                  <td>{list.discountPercent}%</td>
                  <td className="text-sm whitespace-nowrap">{validity(list)}</td>
                  <td>{list.prices.length}</td>
                  <td>{list.companyCount}</td>
                  <td>
                    <ActionsMenu
                      of={list.name}
                      actions={[
                        { label: copy.edit, to: `/dashboard/price-lists/${encodeURIComponent(list.id)}` },
                        { label: copy.exportCsv, onSelect: () => void downloadFile(() => priceListCsv(list.id), `price-list-${list.id}.csv`) },
                        { label: copy.delete, danger: true, onSelect: () => deleteOne(list) },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      {dialog}
    </Panel>
  );
}
