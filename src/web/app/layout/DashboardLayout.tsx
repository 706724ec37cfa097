import { Suspense, useId, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { checkoutMessages, messages, returnsMenu } from '../../../shared/messages.js';
import { checkoutCopy } from '../../../shared/checkout-copy.js';
import { dashboardMenuCopy } from '../../../shared/back-office-copy.js';
import { tradeBuyerCopy } from '../../../shared/trade-buyer-copy.js';
import { useProfile } from '../../features/account/api.js';
import { useAuth } from '../../features/auth/auth-context.js';
import { useLowStock } from '../../features/admin/low-stock-api.js';
import { useStaffHome } from '../../features/back-office/api.js';
import { Spinner } from '../../components/Spinner.js';
import { tradeStaffCopy } from '../../../shared/trade-staff-copy.js';

const menuText = dashboardMenuCopy;

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
  /** A count this link shows as a pill, as its name says it: "Low Stock (3 parts)". */
  counted?: (count: number) => string;
}

/** A run of menu items, under a small heading where the menu has more than one. */
interface MenuGroup {
  heading?: string;
  items: MenuItem[];
}

/** The original storefront's dashboard menu, word for word and in its order, by role (docs/legacy-contract.md#menus). */
const MY_ORDERS: MenuItem = { to: '/dashboard/myOrders', label: 'My Orders' };
const ADD_REVIEW: MenuItem = { to: '/dashboard/add-review', label: 'Add a Reviews' };
/** The address book (issue 60), after the original items. */
const ADDRESSES: MenuItem = { to: '/dashboard/addresses', label: checkoutCopy.book.title };
/** A buyer's returns (issue 61), after the address book. An admin's list of every return is Returns, so they get no twin. */
const MY_RETURNS: MenuItem = { to: '/dashboard/returns', label: returnsMenu.myReturns };
/** A buyer's trade account (issue 63): applying for one, or their company, its members and orders. */
const TRADE_ACCOUNT: MenuItem = { to: '/dashboard/company', label: tradeBuyerCopy.menu };
const CUSTOMER_MENU: MenuGroup[] = [{ items: [MY_ORDERS, ADD_REVIEW, { to: '/dashboard', label: 'My Profile', end: true }, ADDRESSES, MY_RETURNS, TRADE_ACCOUNT] }];
const LOW_STOCK: MenuItem = { to: '/dashboard/low-stock', label: messages.ui.lowStock.title, counted: messages.ui.lowStock.menuCount };
/** The contact messages (issue 62), with how many no one has read. */
const INBOX: MenuItem = { to: '/dashboard/inbox', label: menuText.inbox, counted: menuText.unread };
/**
 * The staff's pages first (the back office: its home and Inbox, the original admin items, then Import / Export,
 * Manage Reviews, Sales Overview, Low Stock, the checkout's, after-sale's and trade accounts' pages and Mail preview), then the
 * admin's own account: My Profile, and their own orders, reviews and addresses (a customer made admin keeps the
 * way to their past orders).
 */
const ADMIN_MENU: MenuGroup[] = [
  {
    heading: menuText.backOffice,
    items: [
      { to: '/dashboard', label: menuText.staffHome, end: true },
      INBOX,
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
      // Trade accounts (issue 63): the applications and companies, and the price lists they buy at.
      { to: '/dashboard/companies', label: tradeStaffCopy.menu.companies },
      { to: '/dashboard/price-lists', label: tradeStaffCopy.menu.priceLists },
      // The front door (issue 59): the outbox in the browser (says so when off, in production).
      { to: '/dashboard/mail', label: messages.ui.mailPreview.title },
    ],
  },
  { heading: menuText.myAccount, items: [{ to: '/dashboard/profile', label: 'My Profile' }, MY_ORDERS, ADD_REVIEW, ADDRESSES, TRADE_ACCOUNT] },
];

/** What the dashboard's pages are told: the index shows the staff home to an admin, My Profile to anyone else. */
export interface DashboardContext {
  isAdmin: boolean;
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-200'
  }`;

/** A menu link; with a count above 0, a pill shows it and the link's name says it ("Low Stock (3 parts)", "Inbox (2 unread)"). */
function MenuLink({ item, count, onChoose }: { item: MenuItem; count?: number | undefined; onChoose: () => void }) {
  if (!count || !item.counted) {
    return (
      <NavLink to={item.to} end={item.end} className={itemClass} onClick={onChoose}>
        {item.label}
      </NavLink>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={(state) => `${itemClass(state)} flex items-center justify-between gap-2`}
      aria-label={`${item.label} (${item.counted(count)})`}
      onClick={onChoose}
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
  const home = useStaffHome(isAdmin);
  const counts = new Map([
    [LOW_STOCK, lowStock.data?.length],
    [INBOX, home.data?.unreadMessages],
  ]);
  // The staff's long menu folds away on a phone (below lg) until asked for; a customer's few entries stay as they are.
  const [open, setOpen] = useState(false);
  const foldable = isAdmin;
  const menuId = useId();

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
              {foldable && (
                <button
                  type="button"
                  className="btn-secondary w-full justify-between lg:hidden"
                  aria-expanded={open}
                  aria-controls={menuId}
                  onClick={() => setOpen((value) => !value)}
                >
                  {menuText.toggle}
                  <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M6 9l6 6 6-6" />
                  </svg>
                </button>
              )}
              <div id={menuId} className={`space-y-3 ${foldable ? (open ? 'mt-2 lg:mt-0' : 'hidden lg:block') : ''}`}>
                {menu.map((group) => (
                  <MenuList key={group.heading ?? 'menu'} group={group} counts={counts} onChoose={() => setOpen(false)} />
                ))}
              </div>
            </nav>
          </aside>
          <section className="min-w-0 flex-1" aria-label="Dashboard content">
            <Suspense fallback={<Spinner />}>
              <Outlet context={{ isAdmin } satisfies DashboardContext} />
            </Suspense>
          </section>
        </div>
      )}
    </div>
  );
}

function MenuList({ group, counts, onChoose }: { group: MenuGroup; counts: Map<MenuItem, number | undefined>; onChoose: () => void }) {
  const headingId = useId();
  return (
    <div>
      {group.heading && (
        <p id={headingId} className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          {group.heading}
        </p>
      )}
      <ul className="flex flex-wrap gap-1 lg:flex-col" aria-labelledby={group.heading ? headingId : undefined}>
        {group.items.map((item) => (
          <li key={item.to}>
            <MenuLink item={item} count={counts.get(item)} onChoose={onChoose} />
          </li>
        ))}
      </ul>
    </div>
  );
}
