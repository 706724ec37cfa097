import { choosingUi } from '../../../../shared/choosing-copy.js';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../../shared/api.js';
import { formatWeight } from '../../../../shared/catalog.js';
import { checkoutMessages, messages } from '../../../../shared/messages.js';
import { legacyDollars } from '../../../../shared/format.js';
import { centsToDollars, formatDollars } from '../../../../shared/money.js';
import { bestTier } from '../../../../shared/pricing.js';
import { yourPriceLabel } from '../../../../shared/trade-buyer-price-copy.js';
import { buyerPricing } from '../your-price.js';
import { canBeOrdered } from '../../../../shared/stock.js';
import { preloadProductImage, ProductImage } from './ProductImage.js';

/** How the facts are laid out: a card in a product grid, or a product's own page (parts/{sku}, place-order/{id}). */
type Layout = 'card' | 'page';

const styles = {
  card: {
    picture: 'flex aspect-[4/3] items-center justify-center bg-slate-100',
    image: 'h-full w-full object-contain p-4',
    size: { width: 400, height: 300 },
    body: 'flex flex-1 flex-col gap-2 p-5',
    name: 'text-lg font-bold text-slate-900',
    identity: 'flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700',
    description: 'line-clamp-3 text-sm text-slate-700',
    facts: 'mt-1 space-y-1 text-sm text-slate-800',
    fact: undefined,
    price: 'font-semibold text-slate-900',
    action: 'mt-auto flex flex-wrap gap-2 pt-3',
    button: 'btn-primary flex-1',
  },
  page: {
    picture: 'flex items-center justify-center bg-slate-100 p-8',
    image: 'h-auto w-full max-w-md object-contain',
    size: { width: 480, height: 360 },
    body: 'flex flex-col gap-4 p-6 md:p-8',
    name: 'text-3xl font-extrabold tracking-tight text-slate-900',
    identity: 'flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700',
    description: 'text-slate-700',
    facts: 'divide-y divide-slate-200 rounded-xl border border-slate-200 text-slate-800',
    fact: 'px-4 py-3',
    price: 'px-4 py-3 text-lg font-bold text-slate-900',
    action: 'mt-auto flex flex-wrap items-start gap-3',
    button: 'btn-primary px-6 py-3 text-base',
  },
} as const;

/** Starts downloading the picture a product's own page shows, before the page is there to ask for it. */
export const preloadPagePicture = (product: Product) => preloadProductImage(product.img, styles.page.size.width);

/** The button or link under the facts: 'Order Now' (a link to `to`) or 'Place Order Now' (`onClick`). */
export interface FactsAction {
  label: string;
  /** The accessible name, when the label alone is ambiguous (a grid of 'Order Now' links). */
  name?: string;
  to?: string;
  onClick?: () => void;
}

interface ProductFactsProps {
  product: Product;
  layout: Layout;
  /** The name's heading level: under the page's h1 (all products) or under a section's h2 (home). */
  heading?: 'h2' | 'h3';
  /** A card in the first row, whose picture may be the page's largest paint: not lazy. */
  eager?: boolean;
  action: FactsAction;
  /** Where the picture and the name lead (a card: the product's own page). */
  href?: string;
  /** More about the product, under its facts and above the action (a page's spec table). */
  children?: ReactNode;
  /** Beside the action (the product page's 'Copy link'). */
  besideAction?: ReactNode;
}

/**
 * What the original storefront shows of a product (docs/legacy-contract.md#screen-text), in the product
 * card and on the product's pages alike: its picture, name, description, 'Available Items', 'Minimum Order Quantity' and 'Price', then an action; and ours:
 * its part number and category. Renders the picture and the text column, side by side or stacked as the
 * caller lays them out. A product whose stock is under its minimum order says it is out of stock, and its
 * action is disabled.
 */
export function ProductFacts({ product, layout, heading = 'h3', eager = false, action, href, children, besideAction }: ProductFactsProps) {
  const style = styles[layout];
  const Name = layout === 'page' ? 'h1' : heading;
  // A page's picture is its largest paint: fetched first.
  const loading =
    layout === 'card' ? { loading: eager ? ('eager' as const) : ('lazy' as const), decoding: 'async' as const } : { fetchPriority: 'high' as const };
  const picture = <ProductImage src={product.img} alt={product.name} {...loading} {...style.size} className={style.image} />;
  return (
    <>
      {href ? (
        // The name below is the same link for keyboards; the picture is one more place to click.
        <Link to={href} tabIndex={-1} className={style.picture}>
          {picture}
        </Link>
      ) : (
        <div className={style.picture}>{picture}</div>
      )}
      <div className={style.body}>
        <Name className={style.name}>
          {href ? (
            <Link to={href} className="hover:text-brand-700 hover:underline">
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </Name>
        <PartIdentity product={product} linkCategory={layout === 'page'} className={style.identity} />
        <RatingLine rating={product.rating} />
        <p className={style.description}>{product.description}</p>
        <ul className={style.facts}>
          <li className={style.fact}>Available Items: {product.stock} units</li>
          <li className={style.fact}>Minimum Order Quantity: {product.min} units</li>
          {product.yourPrice === undefined ? (
            <li className={style.price}>Price: ${legacyDollars(product.price)} (per unit)</li>
          ) : (
            // A trade account member (issue 63): the public price struck through, then theirs.
            <>
              <li className={style.fact}>
                Price: <s data-testid="public-price">${legacyDollars(product.price)}</s> (per unit)
              </li>
              <li className={style.price} data-testid="your-price">
                {yourPriceLabel}: ${legacyDollars(product.yourPrice)} (per unit)
              </li>
            </>
          )}
          {product.coreCharge > 0 && (
            <li className={style.fact} data-testid="core-deposit">
              {checkoutMessages.charges.coreDeposit(product.coreCharge)}
            </li>
          )}
          <BulkFacts product={product} withBestTier={layout === 'card'} className={style.fact} />
          {layout === 'page' && product.weightGrams > 0 && <li className={style.fact}>{messages.ui.pricing.shippingWeight(formatWeight(product.weightGrams))}</li>}
        </ul>
        {children}
        <div className={style.action}>
          <FactsButton product={product} action={action} className={style.button} />
          {besideAction}
        </div>
      </div>
    </>
  );
}

/** The part's average rating with its count ("★ 4.5 (12)"); nothing before its first review. */
function RatingLine({ rating }: { rating: Product['rating'] }) {
  if (rating.average === null) return null;
  return (
    <p className="text-sm font-semibold text-amber-700" aria-label={choosingUi.ratingLabel(rating.average, rating.count)}>
      {choosingUi.ratingShort(rating.average, rating.count)}
    </p>
  );
}

/** Buying in bulk: the lowest price a price break reaches (a page has the whole table), and the pack size. */
function BulkFacts({ product, withBestTier, className }: { product: Product; withBestTier: boolean; className: string | undefined }) {
  const best = withBestTier ? bestTier(buyerPricing(product).tiers) : undefined;
  return (
    <>
      {best && <li className={className}>{messages.ui.pricing.bestTier(formatDollars(centsToDollars(best.priceCents)), best.minQuantity)}</li>}
      {product.packSize > 1 && <li className={className}>{messages.ui.pricing.packsOf(product.packSize)}</li>}
    </>
  );
}

/** The part number and the category; on a product's page the category leads to its parts. */
function PartIdentity({ product, linkCategory, className }: { product: Product; linkCategory: boolean; className: string }) {
  const text = messages.ui.catalog;
  return (
    <dl className={className}>
      <div className="flex gap-1">
        <dt>{text.partNumber}:</dt>
        <dd className="font-mono font-semibold whitespace-nowrap text-slate-900">{product.sku}</dd>
      </div>
      <div className="flex gap-1">
        <dt>{text.category}:</dt>
        <dd className="font-semibold text-slate-900">
          {linkCategory ? (
            <Link to={`/allProducts?category=${encodeURIComponent(product.category.slug)}`} className="underline hover:text-brand-700">
              {product.category.name}
            </Link>
          ) : (
            product.category.name
          )}
        </dd>
      </div>
    </dl>
  );
}

/** 'Out of stock.' and why, for a product whose stock is under its minimum order (`min`). */
export function OutOfStockText({ min }: { min: number }) {
  return (
    <>
      <strong className="font-bold text-red-800">{messages.ui.outOfStock}.</strong> {messages.ui.outOfStockDetail(min)}
    </>
  );
}

function FactsButton({ product, action, className }: { product: Product; action: FactsAction; className: string }) {
  const noticeId = useId();
  if (!canBeOrdered(product)) {
    return (
      <>
        <p id={noticeId} className="mb-3 w-full rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800" data-testid="out-of-stock">
          <OutOfStockText min={product.min} />
        </p>
        <button type="button" className={className} aria-label={action.name} aria-describedby={noticeId} disabled>
          {action.label}
        </button>
      </>
    );
  }
  return action.to ? (
    <Link to={action.to} className={className} aria-label={action.name}>
      {action.label}
    </Link>
  ) : (
    <button type="button" className={className} aria-label={action.name} onClick={action.onClick}>
      {action.label}
    </button>
  );
}
