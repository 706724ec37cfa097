import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { checkoutMessages, messages, returnsMenu } from '../../../shared/messages.js';
import { checkoutCopy } from '../../../shared/checkout-copy.js';
import { useProfile } from '../../features/account/api.js';
import { useAuth } from '../../features/auth/auth-context.js';
import { useLowStock } from '../../features/admin/low-stock-api.js';
import { Spinner } from '../../components/Spinner.js';

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The original storefront's dashboard menu, word for word and in its order, by role (docs/legacy-contract.md#menus). */
const MY_ORDERS: MenuItem = { to: '/dashboard/myOrders', label: 'My Orders' };
const ADD_REVIEW: MenuItem = { to: '/dashboard/add-review', label: 'Add a Reviews' };
/** The address book (issue 60), after the original items. */
const ADDRESSES: MenuItem = { to: '/dashboard/addresses', label: checkoutCopy.book.title };
/** A buyer's returns (issue 61), after the address book. An admin's list of every return is Returns, so they get no twin. */
const MY_RETURNS: MenuItem = { to: '/dashboard/returns', label: returnsMenu.myReturns };
const CUSTOMER_MENU: MenuItem[] = [MY_ORDERS, ADD_REVIEW, { to: '/dashboard', label: 'My Profile', end: true }, ADDRESSES, MY_RETURNS];
/** Its link shows how many parts are low, as a pill. */
const LOW_STOCK: MenuItem = { to: '/dashboard/low-stock', label: messages.ui.lowStock.title };
/**
 * The original admin items first, then Import / Export (the catalog as CSV), Manage Reviews (moderation) and
 * Sales Overview, Low Stock, then the admin's own orders and reviews (a customer made admin keeps the way to their
 * past orders), then Mail preview.
 */
const ADMIN_MENU: MenuItem[] = [
  { to: '/dashboard', label: 'My Profile', end: true },
  { to: '/dashboard/manage-products', label: 'Manage Products' },
  { to: '/dashboard/add-products', label: 'Add New Product' },
  { to: '/dashboard/manage-orders', label: 'Manage All Orders' },
  { to: '/dashboard/make-admin', label: 'Make Admin' },
  { to: '/dashboard/import-products', label: 'Import / Export' },
  { to: '/dashboard/manage-reviews', label: 'Manage Reviews' },
  { to: '/dashboard/overview', label: messages.ui.overview.title },
  LOW_STOCK,
  // The checkout (issue 60)
  { to: '/dashboard/shipping', label: checkoutMessages.admin.shippingTitle },
  { to: '/dashboard/tax', label: checkoutMessages.admin.taxTitle },
  { to: '/dashboard/search-synonyms', label: 'Search Synonyms' },
  // After the sale (issue 61)
  { to: '/dashboard/manage-returns', label: returnsMenu.manageReturns },
  { to: '/dashboard/fitment-quality', label: returnsMenu.fitmentQuality },
  MY_ORDERS,
  ADD_REVIEW,
  ADDRESSES,
  // The front door (issue 59): the outbox in the browser (says so when off, in production).
  { to: '/dashboard/mail', label: messages.ui.mailPreview.title },
];

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-200'
  }`;

/** A menu link; with a count above 0, a pill shows it and the link's name says it ("Low Stock (3 parts)"). */
function MenuLink({ item, count }: { item: MenuItem; count?: number | undefined }) {
  if (!count) {
    return (
      <NavLink to={item.to} end={item.end} className={itemClass}>
        {item.label}
      </NavLink>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={(state) => `${itemClass(state)} flex items-center justify-between gap-2`}
      aria-label={`${item.label} (${messages.ui.lowStock.menuCount(count)})`}
    >
      {item.label}
      <span aria-hidden="true" className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {count}
      </span>
    </NavLink>
  );
}

export function DashboardLayout() {
  const { user } = useAuth();
  const profile = useProfile(user?.email);
  const isAdmin = profile.data?.role === 'admin';
  const menu = isAdmin ? ADMIN_MENU : CUSTOMER_MENU;
  const lowStock = useLowStock(isAdmin);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <title>Dashboard – Partsmith</title>
      <h1 className="mb-6 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Welcome to your Dashboard</h1>
      {profile.isPending ? (
        <Spinner label="Loading your profile" />
      ) : (
        <div className="flex flex-col gap-6 lg:flex-row">
          <aside className="lg:w-60 lg:shrink-0">
            <nav aria-label="Dashboard" className="card p-2">
              <ul className="flex flex-wrap gap-1 lg:flex-col">
                {menu.map((item) => (
                  <li key={item.to}>
                    <MenuLink item={item} count={item === LOW_STOCK ? lowStock.data?.length : undefined} />
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <section className="min-w-0 flex-1" aria-label="Dashboard content">
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </section>
        </div>
      )}
    </div>
  );
}
