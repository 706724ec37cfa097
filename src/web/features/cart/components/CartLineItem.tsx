import { Link } from 'react-router';
import type { Product } from '../../../../shared/api.js';
import { checkoutMessages, messages } from '../../../../shared/messages.js';
import { productPath } from '../../../../shared/paths.js';
import { Field } from '../../../components/Field.js';
import { Spinner } from '../../../components/Spinner.js';
import { ProductImage } from '../../catalog/components/ProductImage.js';
import { dollars, type LinePrice } from '../../catalog/quantity.js';
import { quantityInputProps } from '../../catalog/quantity-input.js';
import { TierPrice } from '../../catalog/components/TierPrice.js';

const text = messages.ui.cart;

/** One line of the cart with its part as the shop has it now. */
export interface CartItem {
  productId: string;
  /** The quantity as typed (the cart keeps the last whole number). */
  typed: string;
  /** Loading, no longer sold (gone), not loaded (failed), or the part. */
  product: Product | 'loading' | 'gone' | 'failed';
  /** Why the shop would refuse this line: the quantity's problem, or the server's answer about it. */
  problem: string | null;
  /** The prices, for a quantity the shop accepts. */
  price: LinePrice | null;
}

interface CartLineItemProps {
  item: CartItem;
  onQuantity: (typed: string) => void;
  onRemove: () => void;
}

export function CartLineItem({ item, onQuantity, onRemove }: CartLineItemProps) {
  const { product } = item;
  if (typeof product === 'string') {
    return (
      <li className="card flex flex-wrap items-center justify-between gap-3 p-4" data-testid="cart-line">
        {product === 'loading' ? (
          <Spinner inline label={text.loading} />
        ) : (
          <p role="alert" className="text-sm font-medium text-red-700">
            {product === 'gone' ? text.gone : text.notLoaded}
          </p>
        )}
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={onRemove}>
          {text.remove}
        </button>
      </li>
    );
  }
  return (
    <li className="card grid gap-4 p-4 sm:grid-cols-[6rem_1fr_auto]" data-testid="cart-line">
      <ProductImage src={product.img} alt={product.name} width={96} height={72} className="h-18 w-24 rounded-lg bg-slate-100 object-contain p-1" />
      <div className="space-y-2">
        <h2 className="font-bold text-slate-900">
          <Link to={productPath(product.sku)} className="hover:text-brand-700 hover:underline">
            {product.name}
          </Link>
        </h2>
        <p className="text-xs text-slate-700">
          {messages.ui.catalog.partNumber}: <span className="font-mono font-semibold whitespace-nowrap text-slate-900">{product.sku}</span>
        </p>
        <Field
          label={
            <>
              {text.quantity}
              <span className="sr-only">: {product.name}</span>
            </>
          }
          error={item.problem ?? undefined}
        >
          <input
            {...quantityInputProps(product)}
            className="input w-36"
            value={item.typed}
            onChange={(event) => onQuantity(event.target.value)}
          />
        </Field>
        {item.price && (
          <p className="text-sm text-slate-800">
            <TierPrice price={item.price} />
          </p>
        )}
        {item.price && product.coreCharge > 0 && (
          <p className="text-sm text-slate-800" data-testid="line-core-deposit">
            {checkoutMessages.charges.coreDeposit(product.coreCharge, Number(item.typed))}
          </p>
        )}
      </div>
      <div className="flex flex-col items-start gap-3 sm:items-end">
        {item.price && (
          <p className="font-semibold text-slate-900" data-testid="line-total">
            {text.lineTotal(dollars(item.price.totalCents))}
          </p>
        )}
        <button type="button" className="btn-secondary px-3 py-1.5" aria-label={text.removeLabel(product.name)} onClick={onRemove}>
          {text.remove}
        </button>
      </div>
    </li>
  );
}
