import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.js';
import { RootLayout } from './components/RootLayout.js';
import { HomePage } from './pages/home/HomePage.js';
import { NotFoundPage } from './pages/not-found/NotFoundPage.js';

/**
 * A route component in its own chunk: the home page downloads none of them. Routing is React Router's
 * declarative mode (no loaders or actions are used), which keeps its data-router code out of the bundle;
 * RootLayout provides the error boundary and the scroll reset that the data router would.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Component />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'allProducts', element: page(() => import('./pages/all-products/AllProductsPage.js'), 'AllProductsPage') },
      { path: 'blogs', element: page(() => import('./pages/blogs/BlogsPage.js'), 'BlogsPage') },
      { path: 'portfolio', element: page(() => import('./pages/portfolio/PortfolioPage.js'), 'PortfolioPage') },
      { path: 'login', element: page(() => import('./pages/login/LoginPage.js'), 'LoginPage') },
      { path: 'register', element: page(() => import('./pages/register/RegisterPage.js'), 'RegisterPage') },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'place-order/:id',
            element: page(() => import('./pages/place-order/PlaceOrderPage.js'), 'PlaceOrderPage'),
          },
          {
            path: 'dashboard',
            element: page(() => import('./pages/dashboard/DashboardLayout.js'), 'DashboardLayout'),
            children: [
              { index: true, element: page(() => import('./pages/dashboard/profile/MyProfilePage.js'), 'MyProfilePage') },
              { path: 'myOrders', element: page(() => import('./pages/dashboard/my-orders/MyOrdersPage.js'), 'MyOrdersPage') },
              { path: 'add-review', element: page(() => import('./pages/dashboard/add-review/AddReviewPage.js'), 'AddReviewPage') },
              {
                path: 'payment/:orderId',
                element: page(() => import('./pages/dashboard/payment/PaymentPage.js'), 'PaymentPage'),
              },
              {
                // Admin code (and its admin-flag query) loads only when an admin route is opened.
                element: page(() => import('./auth/RequireAdmin.js'), 'RequireAdmin'),
                children: [
                  {
                    path: 'manage-products',
                    element: page(() => import('./pages/dashboard/manage-products/ManageProductsPage.js'), 'ManageProductsPage'),
                  },
                  {
                    path: 'add-products',
                    element: page(() => import('./pages/dashboard/add-product/AddProductPage.js'), 'AddProductPage'),
                  },
                  {
                    path: 'manage-orders',
                    element: page(() => import('./pages/dashboard/manage-orders/ManageOrdersPage.js'), 'ManageOrdersPage'),
                  },
                  {
                    path: 'make-admin',
                    element: page(() => import('./pages/dashboard/make-admin/MakeAdminPage.js'), 'MakeAdminPage'),
                  },
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
