import { useState } from 'react';
import { downloadFile } from '../lib/save-file.js';

/**
 * A button that downloads a private document (invoice, packing slip, credit note) with the user's token — a
 * plain link could not send it — and saves it as `fileName`; a failure is a toast.
 */
export function DownloadButton({ fetchFile, fileName, label, testId }: { fetchFile: () => Promise<Blob>; fileName: string; label: string; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadFile(fetchFile, fileName);
    setBusy(false);
  };
  return (
    <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => void download()} data-testid={testId}>
      {label}
    </button>
  );
}
