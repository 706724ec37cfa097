import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useOutletContext, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/RequireAuth.js';
import { HomePage } from '../features/content/pages/HomePage.js';
import { NotFoundPage } from '../features/content/pages/NotFoundPage.js';
import type { DashboardContext } from './layout/DashboardLayout.js';
import { RootLayout } from './layout/RootLayout.js';

/**
 * A route component in its own chunk: the home page downloads none of them. Routing is React Router's
 * declarative mode (no loaders or actions are used), which keeps its data-router code out of the bundle;
 * RootLayout provides the error boundary and the scroll reset that the data router would.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  // One promise for whoever asks first, loadPageCode or React: once it has settled, React renders the
  // page without suspending.
  let code: Promise<{ default: ComponentType }> | undefined;
  const loadCode = () => (code ??= load().then((module) => ({ default: module[name] })));
  const Component = lazy(loadCode);
  const element = <Component />;
  pageCode.set(element, loadCode);
  return element;
}

/** How to load each lazy route element's code. */
const pageCode = new Map<ReactElement, () => Promise<unknown>>();

/**
 * Loads the code of the lazy pages at an address. Awaited before the first render of a page opened
 * directly, it shows that page at once, instead of a spinner and then, at least 300 ms later (React
 * throttles a fallback's reveal), the page.
 */
export async function loadPageCode(pathname: string) {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map(({ route }) => pageCode.get(route.element as ReactElement)?.()));
}

const myProfile = page(() => import('../features/account/pages/MyProfilePage.js'), 'MyProfilePage');
const staffHome = page(() => import('../features/back-office/pages/StaffHomePage.js'), 'StaffHomePage');

/** The dashboard's landing page: what needs doing for an admin (issue 62), My Profile for anyone else. */
function DashboardIndex() {
  return useOutletContext<DashboardContext>().isAdmin ? staffHome : myProfile;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'allProducts', element: page(() => import('../features/catalog/pages/AllProductsPage.js'), 'AllProductsPage') },
      // Many parts at once by their numbers, for everyone (the cart needs no account).
      { path: 'quick-order', element: page(() => import('../features/quick-order/pages/QuickOrderPage.js'), 'QuickOrderPage') },
      // A part's public page, by its part number.
      { path: 'parts/:sku', element: page(() => import('../features/catalog/pages/ProductPage.js'), 'ProductPage') },
      // The cart, for everyone (placing its order asks a visitor to sign in).
      { path: 'cart', element: page(() => import('../features/cart/pages/CartPage.js'), 'CartPage') },
      { path: 'blogs', element: page(() => import('../features/content/pages/BlogsPage.js'), 'BlogsPage') },
      { path: 'portfolio', element: page(() => import('../features/content/pages/PortfolioPage.js'), 'PortfolioPage') },
      // The footer's pages.
      { path: 'about', element: page(() => import('../features/content/pages/InfoPages.js'), 'AboutPage') },
      { path: 'contact', element: page(() => import('../features/content/pages/ContactPage.js'), 'ContactPage') },
      { path: 'terms', element: page(() => import('../features/content/pages/InfoPages.js'), 'TermsPage') },
      { path: 'privacy', element: page(() => import('../features/content/pages/InfoPages.js'), 'PrivacyPage') },
      { path: 'shipping', element: page(() => import('../features/content/pages/InfoPages.js'), 'ShippingPage') },
      { path: 'returns', element: page(() => import('../features/content/pages/InfoPages.js'), 'ReturnsPage') },
      { path: 'login', element: page(() => import('../features/auth/pages/LoginPage.js'), 'LoginPage') },
      { path: 'register', element: page(() => import('../features/auth/pages/RegisterPage.js'), 'RegisterPage') },
      {
        path: 'forgot-password',
        element: page(() => import('../features/auth/pages/ForgotPasswordPage.js'), 'ForgotPasswordPage'),
      },
      // The links the shop mails: their single-use token rides in the fragment (#token=…).
      { path: 'reset-password', element: page(() => import('../features/auth/pages/ResetPasswordPage.js'), 'ResetPasswordPage') },
      { path: 'verify-email', element: page(() => import('../features/auth/pages/VerifyEmailPage.js'), 'VerifyEmailPage') },
      {
        element: <RequireAuth />,
        children: [
          // Trade accounts (issue 63): the invitation e-mail's link (a visitor signs in first and comes back).
          { path: 'company/join', element: page(() => import('../features/company/pages/JoinCompanyPage.js'), 'JoinCompanyPage') },
          {
            path: 'place-order/:id',
            element: page(() => import('../features/orders/pages/PlaceOrderPage.js'), 'PlaceOrderPage'),
          },
          {
            path: 'dashboard',
            element: page(() => import('./layout/DashboardLayout.js'), 'DashboardLayout'),
            children: [
              { index: true, element: <DashboardIndex /> },
              // My Profile at an address of its own, for an admin whose landing page is the staff home.
              { path: 'profile', element: myProfile },
              // Every signed-in user's own orders and reviews, an admin's too (a customer made admin keeps them).
              { path: 'myOrders', element: page(() => import('../features/orders/pages/MyOrdersPage.js'), 'MyOrdersPage') },
              { path: 'add-review', element: page(() => import('../features/reviews/pages/AddReviewPage.js'), 'AddReviewPage') },
              // Saved parts lists (issue 65): every signed-in buyer's own.
              { path: 'lists', element: page(() => import('../features/lists/pages/ListsPage.js'), 'ListsPage') },
              // The address book (issue 60): every signed-in buyer's own.
              { path: 'addresses', element: page(() => import('../features/checkout/pages/AddressBookPage.js'), 'AddressBookPage') },
              // Trade accounts (issue 63): the buyer's company (apply, members, invitations) and its orders (company admins).
              { path: 'company', element: page(() => import('../features/company/pages/CompanyPage.js'), 'CompanyPage') },
              { path: 'company/orders', element: page(() => import('../features/company/pages/CompanyOrdersPage.js'), 'CompanyOrdersPage') },
              {
                path: 'payment/:orderId',
                element: page(() => import('../features/orders/pages/PaymentPage.js'), 'PaymentPage'),
              },
              // One order's own page (issue 59): its customer's or an admin's.
              { path: 'orders/:id', element: page(() => import('../features/orders/pages/OrderPage.js'), 'OrderPage') },
              // After the sale (issue 61): a buyer's return of an order's shipped parts, and their returns.
              { path: 'orders/:id/return', element: page(() => import('../features/returns/pages/ReturnRequestPage.js'), 'ReturnRequestPage') },
              { path: 'returns', element: page(() => import('../features/returns/pages/MyReturnsPage.js'), 'MyReturnsPage') },
              {
                // Admin code (and its admin-flag query) loads only when an admin route is opened.
                element: page(() => import('../features/auth/components/RequireAdmin.js'), 'RequireAdmin'),
                children: [
                  {
                    path: 'manage-products',
                    element: page(() => import('../features/admin/pages/ManageProductsPage.js'), 'ManageProductsPage'),
                  },
                  {
                    path: 'add-products',
                    element: page(() => import('../features/admin/pages/AddProductPage.js'), 'AddProductPage'),
                  },
                  {
                    path: 'edit-product/:id',
                    element: page(() => import('../features/admin/pages/EditProductPage.js'), 'EditProductPage'),
                  },
                  {
                    path: 'import-products',
                    element: page(() => import('../features/admin/pages/ImportProductsPage.js'), 'ImportProductsPage'),
                  },
                  {
                    path: 'manage-orders',
                    element: page(() => import('../features/orders/pages/ManageOrdersPage.js'), 'ManageOrdersPage'),
                  },
                  {
                    path: 'make-admin',
                    element: page(() => import('../features/account/pages/MakeAdminPage.js'), 'MakeAdminPage'),
                  },
                  // The back office (issue 62): the contact messages with their threads.
                  { path: 'inbox', element: page(() => import('../features/inbox/pages/InboxPage.js'), 'InboxPage') },
                  {
                    path: 'manage-reviews',
                    element: page(() => import('../features/reviews/pages/ManageReviewsPage.js'), 'ManageReviewsPage'),
                  },
                  {
                    // The sales figures and their chart (recharts loads with this page only).
                    path: 'overview',
                    element: page(() => import('../features/overview/pages/SalesOverviewPage.js'), 'SalesOverviewPage'),
                  },
                  {
                    path: 'low-stock',
                    element: page(() => import('../features/admin/pages/LowStockPage.js'), 'LowStockPage'),
                  },
                  // The checkout (issue 60)
                  {
                    path: 'shipping',
                    element: page(() => import('../features/admin/pages/ShippingPage.js'), 'ShippingPage'),
                  },
                  {
                    path: 'tax',
                    element: page(() => import('../features/admin/pages/TaxPage.js'), 'TaxPage'),
                  },
                  // The front door (issue 59): the outbox in the browser, outside production.
                  { path: 'mail', element: page(() => import('../features/admin/pages/MailPreviewPage.js'), 'MailPreviewPage') },
                  // Choosing parts (issue 65): the search's synonyms.
                  { path: 'search-synonyms', element: page(() => import('../features/admin/pages/SynonymsPage.js'), 'SynonymsPage') },
                  // After the sale (issue 61): the returns to answer, and what they say about the fitment data.
                  { path: 'manage-returns', element: page(() => import('../features/returns/pages/ManageReturnsPage.js'), 'ManageReturnsPage') },
                  { path: 'fitment-quality', element: page(() => import('../features/returns/pages/FitmentQualityPage.js'), 'FitmentQualityPage') },
                  // Trade accounts (issue 63): companies by status, the price lists and one list's form.
                  { path: 'companies', element: page(() => import('../features/trade-admin/pages/CompaniesPage.js'), 'CompaniesPage') },
                  { path: 'price-lists', element: page(() => import('../features/trade-admin/pages/PriceListsPage.js'), 'PriceListsPage') },
                  { path: 'price-lists/new', element: page(() => import('../features/trade-admin/pages/PriceListPage.js'), 'NewPriceListPage') },
                  { path: 'price-lists/:id', element: page(() => import('../features/trade-admin/pages/PriceListPage.js'), 'EditPriceListPage') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
