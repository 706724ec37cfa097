import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast.js';
import { productHead } from '../../../../shared/catalog.js';
import { productPath } from '../../../../shared/paths.js';
import { messages } from '../../../../shared/messages.js';
import { QueryState } from '../../../components/QueryState.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMetaDescription } from '../../../lib/useMetaDescription.js';
import { AddToCartForm } from '../components/AddToCartForm.js';
import { CurrentVehicleFit, FitsTheseVehicles } from '../../fitment/components/ProductFitment.js';
import { useProductBySku } from '../api.js';
import { ProductDetails } from '../components/ProductDetails.js';
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
        {(item) => (
          <>
            <ProductDetails
              product={item}
              action={{ label: 'Order Now', to: `/place-order/${item._id}` }}
              besideAction={
                <>
                  <CopyLinkButton sku={item.sku} />
                  {!canBeOrdered(item) && <StockAlertButton product={item} />}
                  <AddToCartForm product={item} className="w-full border-t border-slate-200 pt-4" />
                </>
              }
            >
              <CurrentVehicleFit productId={item._id} />
            </ProductDetails>
            <FitsTheseVehicles productId={item._id} />
            <PartReviews product={item} />
          </>
        )}
      </QueryState>
    </div>
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
      <Link to={`/allProducts?q=${encodeURIComponent(sku)}`} className="btn-primary mt-6 px-6 py-3 text-base">
        {text.searchFor(sku)}
      </Link>
    </div>
  );
}
