import type { Order } from '../../../../shared/api.js';
import { Modal } from '../../../components/Modal.js';
import { QueryState } from '../../../components/QueryState.js';
import { useOrderHistory } from '../api.js';
import { OrderHistoryList } from './OrderHistoryList.js';

/** An order's history for admins: when, from → to, by whom. A native dialog (focus trapped, Escape closes). */
export function OrderHistoryDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const history = useOrderHistory(order?._id ?? null);
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      title={order ? `History of order ${order._id}: ${order.quantity} units of ${order.product}` : 'History'}
    >
      {order && (
        <QueryState query={history} label="the order's history">
          {(events) => <OrderHistoryList events={events} />}
        </QueryState>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
