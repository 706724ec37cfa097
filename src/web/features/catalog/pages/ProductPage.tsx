import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Product } from '../../../../shared/api.js';
import { toast } from '../../../lib/toast.js';
import { productHead } from '../../../../shared/catalog.js';
import { productPath } from '../../../../shared/paths.js';
import { messages } from '../../../../shared/messages.js';
import { checkoutCopy } from '../../../../shared/checkout-copy.js';
import { formatQuantity } from '../../../../shared/format.js';
import { QueryState } from '../../../components/QueryState.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMetaDescription } from '../../../lib/useMetaDescription.js';
import { AddToCartForm } from '../components/AddToCartForm.js';
import { ShippingEstimate } from '../../checkout/components/ShippingEstimate.js';
import { CurrentVehicleFit, FitsTheseVehicles } from '../../fitment/components/ProductFitment.js';
import { SuggestionsFor } from '../../fitment/components/NumberSuggestions.js';
import { useProductBySku } from '../api.js';
import { ProductDetails } from '../components/ProductDetails.js';
import { quantityBounds, typedQuantityProblem } from '../quantity.js';
import { smallestQuantity } from '../quantity-input.js';
import { PartReviews } from '../components/PartReviews.js';
import { StockAlertButton } from '../components/StockAlertButton.js';
import { canBeOrdered } from '../../../../shared/stock.js';

const text = messages.ui.catalog;

/** A part's public page, by its part number (parts/{sku}): what a link shares and a search engine finds. */
export function ProductPage() {
  const { sku = '' } = useParams();
  const product = useProductBySku(sku);
  const head = product.data ? productHead(product.data) : undefined;
  useMetaDescription(head?.description);

  // 400: not even the shape of a part number (the server refuses it before looking).
  if (product.error instanceof ApiError && [400, 404].includes(product.error.status)) return <NoSuchPart sku={sku} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{head?.title ?? 'Part | Partsmith'}</title>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-700">
        <Link to="/allProducts" className="underline hover:text-brand-700">
          All Products
        </Link>{' '}
        / <span aria-current="page">{product.data?.name ?? sku}</span>
      </nav>
      <QueryState query={product} label="the part">
        {(item) => <PartOnSale key={item._id} product={item} />}
      </QueryState>
    </div>
  );
}

/**
 * The part with its quantity box: 'Order Now' carries the quantity typed (when the part accepts it) into
 * the order, so the order form does not ask for it again.
 */
function PartOnSale({ product }: { product: Product }) {
  const [typed, setTyped] = useState(() => String(smallestQuantity(product)));
  const accepted = typedQuantityProblem(typed, quantityBounds(product)) === null;
  const orderNow = `/place-order/${product._id}${accepted ? `?quantity=${Number(typed)}` : ''}`;
  return (
    <>
      <ProductDetails
        product={product}
        action={{ label: 'Order Now', to: orderNow }}
        besideAction={
          <>
            <CopyLinkButton sku={product.sku} />
            {!canBeOrdered(product) && <StockAlertButton product={product} />}
            <AddToCartForm product={product} typed={typed} onTyped={setTyped} className="w-full border-t border-slate-200 pt-4" />
          </>
        }
      >
        <CurrentVehicleFit productId={product._id} />
      </ProductDetails>
      {canBeOrdered(product) && (
        <div className="mx-auto max-w-5xl px-4">
          <ShippingEstimate lines={accepted ? [{ productId: product._id, quantity: Number(typed) }] : null} what={checkoutCopy.estimate.forPart(formatQuantity(Number(typed)), product.name)} />
        </div>
      )}
      <FitsTheseVehicles productId={product._id} />
      <PartReviews product={product} />
    </>
  );
}

/** Copies the part's address (by its own spelling of the part number, whatever the address bar has). */
function CopyLinkButton({ sku }: { sku: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(productPath(sku), window.location.origin).href);
      toast.success(text.linkCopied);
    } catch {
      // No clipboard here (an insecure page, a refused permission).
      toast.error(text.linkNotCopied);
    }
  };
  return (
    <button type="button" className="btn-secondary px-6 py-3 text-base" onClick={() => void copy()}>
      {text.copyLink}
    </button>
  );
}

function NoSuchPart({ sku }: { sku: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <title>{`${text.noPart(sku)} | Partsmith`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{text.noPart(sku)}</h1>
      <p className="mt-4 text-slate-700">{text.noPartHelp}</p>
      <SuggestionsFor number={sku} className="mt-4 text-slate-800" />
      <Link to={`/allProducts?q=${encodeURIComponent(sku)}`} className="btn-primary mt-6 px-6 py-3 text-base">
        {text.searchFor(sku)}
      </Link>
    </div>
  );
}
