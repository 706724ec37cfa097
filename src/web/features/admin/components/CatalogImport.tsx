import { useCheckedImport } from '../use-checked-import.js';
import { useId, useState } from 'react';
import type { ImportRowChange, ProductImportReport } from '../../../../shared/api.js';
import { importCopy } from '../../../../shared/back-office-copy.js';
import { messages } from '../../../../shared/messages.js';
import { DataTable } from '../../../components/DataTable.js';
import { Notice } from '../../../components/Notice.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { toast } from '../../../lib/toast.js';
import { importTemplate, useImportProducts } from '../api.js';

const text = messages.ui.productAdmin;
const TEMPLATE_FILE = 'partsmith-import-template.csv';

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

function TemplateButton() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await importTemplate(), TEMPLATE_FILE);
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void download()}>
        {importCopy.downloadTemplate}
      </button>
      <p className="text-sm text-slate-700">{importCopy.templateHelp}</p>
    </div>
  );
}

/**
 * How far an import is: the file's upload as it goes (the browser reports it), then an indeterminate bar
 * while the server checks or writes it (the server reports no phase of its own).
 */
function ImportProgress({ sent, dryRun }: { sent: number; dryRun: boolean }) {
  const uploading = sent < 1;
  const percent = Math.round(sent * 100);
  const label = uploading ? `${importCopy.uploading} ${percent}%` : dryRun ? importCopy.checking : importCopy.applying;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={importCopy.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploading ? percent : undefined}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full bg-brand-600 ${uploading ? '' : 'w-full animate-pulse'}`} style={uploading ? { width: `${percent}%` } : undefined} />
      </div>
      <p role="status" className="text-sm text-slate-700">
        {label}
      </p>
    </div>
  );
}

function Counts({ report }: { report: ProductImportReport }) {
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

function RowChanges({ change }: { change: ImportRowChange }) {
  return (
    <ul className="space-y-0.5">
      {change.changes.map(({ field, from, to }) => (
        <li key={field} className="break-words">
          {importCopy.change(field, from, to)}
        </li>
      ))}
    </ul>
  );
}

/** Each row the file adds or changes, with what it changes; the unchanged rows only counted. */
function ChangesList({ report }: { report: ProductImportReport }) {
  const changing = report.created + report.updated;
  return (
    <div className="space-y-2">
      {report.changes.length > 0 && (
        <DataTable label={importCopy.previewLabel} columns={importCopy.previewColumns}>
          {report.changes.map((change) => (
            <tr key={change.row}>
              <td>{change.row}</td>
              <td>
                <span className="font-mono">{change.sku || importCopy.newPartNumber}</span>{' '}
                <span className="text-xs text-slate-600">({change.action === 'create' ? importCopy.created : importCopy.updated})</span>
              </td>
              <td>
                <RowChanges change={change} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {changing > report.changes.length && <p className="text-sm text-slate-700">{importCopy.changesCut(report.changes.length, changing)}</p>}
      {report.unchanged > 0 && <p className="text-sm text-slate-700">{importCopy.unchanged(report.unchanged)}</p>}
    </div>
  );
}

/** A checked file or a refused import: what it changes, or, row by row, what is wrong. */
function ReportView({ report, refused }: { report: ProductImportReport; refused: boolean }) {
  if (report.errors.length === 0) {
    return (
      <div className="space-y-3">
        <Notice tone="success">
          <p>{text.importChecked}</p>
          <Counts report={report} />
        </Notice>
        <ChangesList report={report} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Notice tone="error">
        <p>
          {refused && `${text.importRefused} `}
          {text.importProblems(report.errorCount)}
        </p>
      </Notice>
      <DataTable label={importCopy.problemsLabel} columns={importCopy.problemColumns}>
        {report.errors.map((error, index) => (
          <tr key={`${error.row}-${error.column}-${index}`}>
            <td>{error.row}</td>
            <td className="font-mono">{error.column}</td>
            <td className="font-mono">{error.sku}</td>
            <td className="break-all">{error.value === undefined ? '' : `"${error.value}"`}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** The catalog CSV back in: a template to start from, the file checked (a dry run) and its changes shown before anything is written. */
export function CatalogImport() {
  const fileId = useId();
  const importing = useImportProducts();
  // How much of the file being sent has gone (0 to 1).
  const [sent, setSent] = useState(0);
  const { result, picker, onFile, canApply, apply } = useCheckedImport(
    (csv, dryRun) => {
      setSent(0);
      return importing.mutateAsync({ csv, dryRun, onUploadProgress: setSent });
    },
    (report) => toast.success(text.imported(report.created, report.updated)),
  );

  return (
    <section className="space-y-3" aria-labelledby={`${fileId}-import`}>
      <h3 id={`${fileId}-import`} className="font-semibold text-slate-900">
        Import
      </h3>
      <p className="text-sm text-slate-700">{text.importHelp}</p>
      <TemplateButton />
      <ColumnsHelp />
      <div>
        <label htmlFor={fileId} className="label">
          CSV file to import
        </label>
        <input key={picker} id={fileId} type="file" accept=".csv,text/csv" className="block text-sm" onChange={(event) => void onFile(event)} />
      </div>
      {importing.isPending && <ImportProgress sent={sent} dryRun={importing.variables.dryRun} />}
      {result && <ReportView report={result.report} refused={result.refused} />}
      {canApply && (
        <button type="button" className="btn-primary" disabled={importing.isPending} onClick={() => void apply()}>
          Apply import
        </button>
      )}
    </section>
  );
}
