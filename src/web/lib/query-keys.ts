/** Query keys in one place, so mutations invalidate exactly what they change. */
export const keys = {
  me: ['me'] as const,
  products: ['products'] as const,
  /** The home grid's first page. */
  homeProducts: ['products', 'home'] as const,
  /** The all-products pages (useInfiniteQuery) for a search and its filters: each view its own list. */
  productPages: (filters: { q: string; category: string | null; inStock: boolean; sort: string | null }) =>
    ['products', 'pages', filters] as const,
  product: (id: string) => ['products', 'one', id] as const,
  /** A product by its part number (the public product page). */
  productBySku: (sku: string) => ['products', 'sku', sku] as const,
  /** The categories and their counts; under `products`, so a product change refreshes the counts. */
  categories: ['products', 'categories'] as const,
  /** The admin's catalog (archived parts too), page by page for a search and filters, and one part; under `products` too. */
  adminProducts: (filters: { q: string; category: string; status: string }) => ['products', 'admin', 'pages', filters] as const,
  adminProduct: (id: string) => ['products', 'admin', 'one', id] as const,
  /** A product's recorded price and stock changes. */
  productChanges: (id: string) => ['products', 'changes', id] as const,
  orders: ['orders'] as const,
  myOrders: (email: string) => ['orders', 'mine', email] as const,
  allOrders: ['orders', 'all'] as const,
  order: (id: string) => ['orders', 'one', id] as const,
  orderHistory: (id: string) => ['orders', 'history', id] as const,
  paymentsConfig: ['payments', 'config'] as const,
  paymentIntent: (orderId: string) => ['payments', 'intent', orderId] as const,
  googleStatus: ['google', 'status'] as const,
  reviews: ['reviews'] as const,
  /** Every review, hidden ones too (Manage Reviews); under `reviews`, so hiding one refreshes both lists. */
  allReviews: ['reviews', 'all'] as const,
  users: ['users'] as const,
  user: (email: string) => ['users', 'one', email] as const,
  admin: (email: string) => ['admin', email] as const,
  contact: ['contact'] as const,
  /** The signed-in account's sessions (My Profile). */
  sessions: ['sessions'] as const,
};
