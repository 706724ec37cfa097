import { Link } from 'react-router';
import type { Order } from '../../../../shared/api.js';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { returnableUnits } from '../../../../shared/returns.js';
import { useAuth } from '../../auth/auth-context.js';

/** "Return parts", to the order's return form (the returns feature), for its buyer once some unit has shipped and not come back. */
export function ReturnPartsLink({ order }: { order: Order }) {
  const { user } = useAuth();
  // An admin reading someone's order cannot return its parts: only the buyer may.
  if (user?.email !== order.email || !order.lines.some((line) => returnableUnits(line) > 0)) return null;
  return (
    <Link to={`/dashboard/orders/${order._id}/return`} className="btn-secondary inline-block px-3 py-1.5" data-testid="return-parts">
      {returnsUiMessages.returnParts}
    </Link>
  );
}
