import { errorText } from './form-errors.js';
import { toast } from './toast.js';

/**
 * Has the browser save a file fetched with the user's token (a plain link could not send the token):
 * an object URL and a link with a download name, clicked.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Freed once the browser has started saving it (some browsers read the URL after click() returns).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches a private document (invoice, packing slip) and saves it as `name`; a failure is a toast. */
export async function downloadFile(fetchFile: () => Promise<Blob>, name: string): Promise<void> {
  try {
    saveFile(await fetchFile(), name);
  } catch (failure) {
    toast.error(errorText(failure));
  }
}
