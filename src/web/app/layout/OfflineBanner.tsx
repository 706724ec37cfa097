import { messages } from '../../../shared/messages.js';
import { useOnline } from '../../lib/useOnline.js';

/** Across the top of every page while the browser is offline. */
export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {messages.ui.offline.banner}
    </p>
  );
}
