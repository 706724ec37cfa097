import { type ChangeEvent, useState } from 'react';
import type { PriceList } from '../../../../shared/companies.js';
import { tradeStaffCopy } from '../../../../shared/trade-staff-copy.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/form-errors.js';
import { downloadFile } from '../../../lib/save-file.js';
import { toast } from '../../../lib/toast.js';
import { priceListCsv, useImportPriceListCsv } from '../api.js';

const copy = tradeStaffCopy.priceLists;

/**
 * A list's fixed prices as a CSV file (`sku,price,minQuantity`): Export CSV downloads them; Import CSV sends
 * a chosen file to replace them, all or nothing. A refused file shows the server's problem (the row it names); an imported
 * one starts over with a new file input (its key), and the list (and its form) is read again.
 */
export function PriceListImport({ list }: { list: PriceList }) {
  const upload = useImportPriceListCsv();
  const [refused, setRefused] = useState<string[] | null>(null);
  const [picker, setPicker] = useState(0);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setRefused(null);
    if (!file) return;
    try {
      const saved = await upload.mutateAsync({ id: list.id, csv: await file.text() });
      toast.success(copy.imported(saved.prices.length));
      setPicker((n) => n + 1);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setRefused(failure.fields ? Object.values(failure.fields) : [failure.message]);
      else toast.error(errorText(failure));
    }
  };

  return (
    <section className="space-y-3 border-t border-slate-200 pt-6">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">{copy.importCsv}</span>
          <input key={picker} type="file" accept=".csv,text/csv" className="block text-sm" disabled={upload.isPending} onChange={(event) => void onFile(event)} />
        </label>
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => void downloadFile(() => priceListCsv(list.id), `price-list-${list.id}.csv`)}>
          {copy.exportCsv}
        </button>
      </div>
      <p className="text-xs text-slate-600">{copy.importHint}</p>
      {refused && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{copy.importRefused}</p>
          <ul className="mt-1 list-disc ps-5">
            {refused.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
