import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { TradeImportReport } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { DataTable } from '../../../components/DataTable.js';
import { Notice } from '../../../components/Notice.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { toast } from '../../../lib/toast.js';
import { exportTradeFile, type TradeFormat, useImportTradeFile } from '../api.js';

const text = messages.ui.productAdmin;
const tradeText = text.tradeFiles;
const RECORD_TAG: Record<TradeFormat, RegExp> = { aces: /<App[\s>]/g, pies: /<Item[\s>]/g };

/** Seconds since `since` (null: not running), ticking once a second: a large file takes a while to check. */
function useSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000));
}

function Counts({ report }: { report: TradeImportReport }) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1">
      {(['created', 'updated', 'deleted', 'unchanged'] as const).map((count) => (
        <div key={count} className="flex gap-1">
          <dt className="capitalize">{count}:</dt>
          <dd className="font-semibold">{report[count]}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecordTable({ label, rows }: { label: string; rows: TradeImportReport['errors'] }) {
  return (
    <DataTable label={label} columns={['Record', 'Problem']}>
      {rows.map((row, index) => (
        <tr key={`${row.record}-${index}`}>
          <td className="font-mono">{row.record}</td>
          <td>{row.message}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function TradeReport({ report, refused, format }: { report: TradeImportReport; refused: boolean; format: TradeFormat }) {
  const ignored = report.ignored.length > 0 && <RecordTable label={`${tradeText.ignoredTitle} (${format.toUpperCase()})`} rows={report.ignored} />;
  if (report.errors.length === 0) {
    return (
      <div className="space-y-3">
        <Notice tone="success">
          <p>{text.importChecked}</p>
          <Counts report={report} />
        </Notice>
        {ignored}
      </div>
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
      <RecordTable label={`Problems in the ${format.toUpperCase()} file`} rows={report.errors} />
      {ignored}
    </div>
  );
}

/** One trade format: its export, and an import checked (dry run) before it is applied. */
function TradeFile({ format }: { format: TradeFormat }) {
  const id = useId();
  const labels = tradeText[format];
  const importing = useImportTradeFile();
  const [file, setFile] = useState<{ xml: string; records: number } | null>(null);
  const [result, setResult] = useState<{ report: TradeImportReport; refused: boolean } | null>(null);
  const [picker, setPicker] = useState(0);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const seconds = useSeconds(startedAt);

  const send = async (xml: string, dryRun: boolean) => {
    setStartedAt(Date.now());
    try {
      const report = await importing.mutateAsync({ format, xml, dryRun });
      if (!dryRun && report.errors.length === 0) {
        toast.success(tradeText.imported(report.created, report.updated, report.deleted));
        setFile(null);
        setResult(null);
        setPicker((n) => n + 1);
        return;
      }
      setResult({ report, refused: !dryRun });
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setStartedAt(null);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setResult(null);
    setFile(null);
    if (!chosen) return;
    const xml = await chosen.text();
    setFile({ xml, records: xml.match(RECORD_TAG[format])?.length ?? 0 });
    await send(xml, true);
  };

  const download = async () => {
    try {
      saveFile(await exportTradeFile(format), `partsmith-${format}.xml`);
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };

  const canApply = file !== null && result !== null && !result.refused && result.report.errors.length === 0;
  const progress = importing.variables?.dryRun ? tradeText.checking : tradeText.importing;

  return (
    <section className="space-y-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {labels.title}
      </h3>
      <p className="text-sm text-slate-700">{labels.help}</p>
      <button type="button" className="btn-secondary" onClick={() => void download()}>
        {labels.exportLabel}
      </button>
      <div>
        <label htmlFor={id} className="label">
          {tradeText.fileLabel(labels.title)}
        </label>
        <input key={picker} id={id} type="file" accept=".xml,application/xml,text/xml" className="block text-sm" onChange={(event) => void onFile(event)} />
      </div>
      {importing.isPending && file && (
        <p role="status">
          {progress(file.records, labels.records, seconds)}
        </p>
      )}
      {result && <TradeReport report={result.report} refused={result.refused} format={format} />}
      {canApply && (
        <button type="button" className="btn-primary" disabled={importing.isPending} onClick={() => void send(file.xml, false)}>
          Apply {format.toUpperCase()} import
        </button>
      )}
    </section>
  );
}

/** The trade's own files beside the CSV ones: ACES for fitment, PIES for products. */
export function TradeFiles() {
  return (
    <>
      <TradeFile format="pies" />
      <TradeFile format="aces" />
    </>
  );
}
