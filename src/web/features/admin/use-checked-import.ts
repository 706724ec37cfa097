import { type ChangeEvent, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { errorText } from '../../lib/form-errors.js';

interface Report {
  errors: readonly unknown[];
}

/**
 * A CSV import checked before it is applied, as Import / Export's files are: a chosen file is sent as a dry
 * run and its report kept; `apply` sends it for real. An import done calls `onImported` and starts over
 * with a new file input (`picker`, its key), so the imported file no longer shows as chosen; one refused
 * keeps its report; one that fails says why in a toast.
 */
export function useCheckedImport<R extends Report>(importFile: (csv: string, dryRun: boolean) => Promise<R>, onImported: (report: R) => void) {
  // The chosen file's text and what the server said about it: a dry run's report, or a real import's refusal.
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<{ report: R; refused: boolean } | null>(null);
  const [picker, setPicker] = useState(0);

  const send = async (content: string, dryRun: boolean) => {
    try {
      const report = await importFile(content, dryRun);
      if (!dryRun && report.errors.length === 0) {
        onImported(report);
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
  const apply = () => (csv === null ? Promise.resolve() : send(csv, false));
  return { result, picker, onFile, canApply, apply };
}
