import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { exportProducts } from '../api.js';
import { Panel } from '../../../components/Panel.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { CatalogImport } from '../components/CatalogImport.js';
import { FitmentFiles } from '../components/FitmentFiles.js';
import { TradeFiles } from '../components/TradeFiles.js';

const EXPORT_FILE = 'partsmith-products.csv';

function ExportButtons() {
  const [busy, setBusy] = useState(false);
  const download = async (bom: boolean) => {
    setBusy(true);
    try {
      saveFile(await exportProducts(bom), EXPORT_FILE);
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void download(false)}>
        Export CSV
      </button>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void download(true)}>
        Export CSV for Excel
      </button>
    </div>
  );
}

/** /dashboard/import-products: the catalog out as CSV, and back in, checked before anything is written. */
export function ImportProductsPage() {
  const fileId = useId();
  return (
    <Panel title="Import / Export">
      <title>Import / Export – Partsmith</title>
      <div className="max-w-3xl space-y-6">
        <section className="space-y-3" aria-labelledby={`${fileId}-export`}>
          <h3 id={`${fileId}-export`} className="font-semibold text-slate-900">
            Export
          </h3>
          <ExportButtons />
        </section>
        <CatalogImport />
        <FitmentFiles />
        <TradeFiles />
      </div>
    </Panel>
  );
}
