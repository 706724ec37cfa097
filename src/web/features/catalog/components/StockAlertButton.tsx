import type { Product } from '../../../../shared/api.js';
import { stockAlertMessages } from '../../../../shared/choosing-copy.js';
import { toast } from '../../../lib/toast.js';
import { useAuth } from '../../auth/auth-context.js';
import { useSetStockAlert, useStockAlerts } from '../choosing-api.js';

/** On a part that cannot be ordered for stock: a signed-in buyer asks for one e-mail once it can, or cancels. */
export function StockAlertButton({ product }: { product: Product }) {
  const { user } = useAuth();
  const alerts = useStockAlerts(Boolean(user));
  const set = useSetStockAlert(product._id);
  if (!user) return null;
  const waiting = alerts.data?.some((alert) => alert.productId === product._id) ?? false;
  const toggle = async () => {
    try {
      await set.mutateAsync(!waiting);
      toast.success(waiting ? stockAlertMessages.cancelled : stockAlertMessages.asked);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="w-full">
      {waiting && <p className="mb-2 text-sm text-slate-700">{stockAlertMessages.waiting}</p>}
      <button type="button" className="btn-secondary w-full px-6 py-3 text-base" disabled={set.isPending || alerts.isPending} onClick={() => void toggle()}>
        {waiting ? stockAlertMessages.cancel : stockAlertMessages.ask}
      </button>
    </div>
  );
}
