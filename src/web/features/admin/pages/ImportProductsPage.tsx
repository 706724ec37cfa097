import { useId, useState, type ChangeEvent } from 'react';
import { toast } from '../../../lib/toast.js';
import type { ImportReport } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { exportProducts, useImportProducts } from '../api.js';
import { DataTable } from '../../../components/DataTable.js';
import { Notice } from '../../../components/Notice.js';
import { Panel } from '../../../components/Panel.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { FitmentFiles } from '../components/FitmentFiles.js';
import { TradeFiles } from '../components/TradeFiles.js';

const text = messages.ui.productAdmin;
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

function ColumnsHelp() {
  return (
    <details className="rounded-lg border border-slate-200 p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">The columns of the file</summary>
      <p className="mt-3 text-slate-700">
        The first row names the columns: <code className="break-all">{text.importColumns.map((c) => c.column).join(',')}</code>
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {text.importColumns.map(({ column, meaning }) => (
          <div key={column} className="contents">
            <dt className="font-mono font-semibold">{column}</dt>
            <dd className="text-slate-700">{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Counts({ report }: { report: ImportReport }) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1">
      {(['created', 'updated', 'unchanged'] as const).map((count) => (
        <div key={count} className="flex gap-1">
          <dt className="capitalize">{count}:</dt>
          <dd className="font-semibold">{report[count]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A checked file or a refused import: its counts and, row by row, what is wrong. */
function ReportView({ report, refused }: { report: ImportReport; refused: boolean }) {
  if (report.errors.length === 0) {
    return (
      <Notice tone="success">
        <p>{text.importChecked}</p>
        <Counts report={report} />
      </Notice>
    );
  }
  return (
    <div className="space-y-3">
      <Notice tone="error">
        <p>
          {refused && `${text.importRefused} `}
          {text.importProblems(report.errors.length)}
        </p>
      </Notice>
      <DataTable label="Problems in the file" columns={['Row', 'Column', 'Problem']}>
        {report.errors.map((error, index) => (
          <tr key={`${error.row}-${error.column}-${index}`}>
            <td>{error.row}</td>
            <td className="font-mono">{error.column}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** /dashboard/import-products: the catalog out as CSV, and back in, checked before anything is written. */
export function ImportProductsPage() {
  const fileId = useId();
  const importing = useImportProducts();
  // The chosen file's text and what the server said about it: a dry run's report, or a real import's refusal.
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<{ report: ImportReport; refused: boolean } | null>(null);
  // A new file input after an import, so the imported file is no longer shown as chosen.
  const [picker, setPicker] = useState(0);

  const send = async (content: string, dryRun: boolean) => {
    try {
      const report = await importing.mutateAsync({ csv: content, dryRun });
      if (!dryRun && report.errors.length === 0) {
        toast.success(text.imported(report.created, report.updated));
        setCsv(null);
        setResult(null);
        setPicker((n) => n + 1);
        return;
      }
      setResult({ report, refused: !dryRun });
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setResult(null);
    setCsv(null);
    if (!file) return;
    const content = await file.text();
    setCsv(content);
    await send(content, true);
  };

  const canApply = csv !== null && result !== null && !result.refused && result.report.errors.length === 0;

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
        <section className="space-y-3" aria-labelledby={`${fileId}-import`}>
          <h3 id={`${fileId}-import`} className="font-semibold text-slate-900">
            Import
          </h3>
          <p className="text-sm text-slate-700">{text.importHelp}</p>
          <ColumnsHelp />
          <div>
            <label htmlFor={fileId} className="label">
              CSV file to import
            </label>
            <input key={picker} id={fileId} type="file" accept=".csv,text/csv" className="block text-sm" onChange={(event) => void onFile(event)} />
          </div>
          {importing.isPending && <p role="status">{importing.variables.dryRun ? 'Checking the file…' : 'Importing…'}</p>}
          {result && <ReportView report={result.report} refused={result.refused} />}
          {canApply && (
            <button type="button" className="btn-primary" disabled={importing.isPending} onClick={() => void send(csv, false)}>
              Apply import
            </button>
          )}
        </section>
        <FitmentFiles />
        <TradeFiles />
      </div>
    </Panel>
  );
}
