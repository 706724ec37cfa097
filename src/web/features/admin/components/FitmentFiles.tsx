import { useCheckedImport } from '../use-checked-import.js';
import { useId } from 'react';
import type { ImportReport } from '../../../../shared/api.js';
import { productFormCopy } from '../../../../shared/back-office-copy.js';
import { messages } from '../../../../shared/messages.js';
import { FITMENT_IMPORT_KINDS } from '../../../../shared/schemas.js';
import { DataTable } from '../../../components/DataTable.js';
import { Notice } from '../../../components/Notice.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { toast } from '../../../lib/toast.js';
import { exportFitmentFile, type FitmentFileKind, useImportFitmentFile } from '../api.js';

const copy = productFormCopy.files;
const text = messages.ui.productAdmin;

function FileReport({ report, refused, title }: { report: ImportReport; refused: boolean; title: string }) {
  if (report.errors.length === 0) {
    return (
      <Notice tone="success">
        <p>{text.importChecked}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          {(['created', 'updated', 'unchanged'] as const).map((count) => (
            <div key={count} className="flex gap-1">
              <dt className="capitalize">{count}:</dt>
              <dd className="font-semibold">{report[count]}</dd>
            </div>
          ))}
        </dl>
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
      <DataTable label={`Problems in the ${title} file`} columns={['Row', 'Column', 'Problem']}>
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

/** One kind of file (applications or numbers): its export, and an import checked (dry run) before it is applied. */
function FitmentFile({ kind }: { kind: FitmentFileKind }) {
  const id = useId();
  const { title, file: fileName, columns } = copy.kinds[kind];
  const importing = useImportFitmentFile();
  const { result, picker, onFile, canApply, apply } = useCheckedImport(
    (csv, dryRun) => importing.mutateAsync({ kind, csv, dryRun }),
    (report) => toast.success(copy.imported(title, report.created, report.updated)),
  );

  const download = async () => {
    try {
      saveFile(await exportFitmentFile(kind), fileName);
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };

  return (
    <section className="space-y-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </h4>
      <p className="text-sm text-slate-700">{copy.columns(columns)}</p>
      <button type="button" className="btn-secondary" onClick={() => void download()}>
        {copy.exportLabel(title)}
      </button>
      <div>
        <label htmlFor={id} className="label">
          {copy.fileLabel(title)}
        </label>
        <input key={picker} id={id} type="file" accept=".csv,text/csv" className="block text-sm" onChange={(event) => void onFile(event)} />
      </div>
      {importing.isPending && <p role="status">{importing.variables.dryRun ? copy.checking : copy.importing}</p>}
      {result && <FileReport report={result.report} refused={result.refused} title={title} />}
      {canApply && (
        <button type="button" className="btn-primary" disabled={importing.isPending} onClick={() => void apply()}>
          {copy.apply(title)}
        </button>
      )}
    </section>
  );
}

/** The parts' vehicle fitment and numbers as CSV files, beside the catalog file on Import / Export. */
export function FitmentFiles() {
  const id = useId();
  return (
    <section className="space-y-4" aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-slate-900">
        {copy.title}
      </h3>
      <p className="text-sm text-slate-700">{copy.help}</p>
      {FITMENT_IMPORT_KINDS.map((kind) => (
        <FitmentFile key={kind} kind={kind} />
      ))}
    </section>
  );
}
