import { messages } from '../../../../shared/messages.js';
import { formatQuantity } from '../../../../shared/quantity.js';
import { Modal } from '../../../components/Modal.js';
import { answerCartChoice, type CartConflict, useCartChoice } from '../../../lib/cart-store.js';

const text = messages.ui.cart;
const quantities = (conflicts: readonly CartConflict[], of: (item: CartConflict) => number) => conflicts.map((item) => formatQuantity(of(item))).join(', ');

/**
 * Asked when a part already in the cart is added again (from a part's page, a card, quick order, or the
 * parts chosen before signing in): Replace its quantity, Add both, or keep the cart as it is. Never a silent sum.
 */
export function CartChoiceDialog() {
  const choice = useCartChoice();
  const conflicts = choice?.conflicts ?? [];
  const signedIn = choice?.reason === 'signedIn';
  return (
    <Modal open={choice !== null} onClose={() => answerCartChoice('keep')} title={signedIn ? text.signedInTitle : text.alreadyTitle} size="sm">
      <ul className="mb-4 space-y-1 text-slate-800" data-testid="cart-choice">
        {conflicts.map((item) => (
          <li key={item.productId}>{(signedIn ? text.signedInLine : text.alreadyLine)(item.name, formatQuantity(item.had), formatQuantity(item.adding))}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={() => answerCartChoice('keep')}>
          {text.keep}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => answerCartChoice('replace')}
        >
          {text.replaceDetail(quantities(conflicts, (item) => item.adding))}
        </button>
        <button
          type="button"
          className="btn-primary"
          data-autofocus
          onClick={() => answerCartChoice('add')}
        >
          {text.addDetail(quantities(conflicts, (item) => item.had + item.adding))}
        </button>
      </div>
    </Modal>
  );
}
