/** Query keys in one place, so mutations invalidate exactly what they change. */
export const keys = {
  me: ['me'] as const,
  products: ['products'] as const,
  /** The home grid's first page. */
  homeProducts: ['products', 'home'] as const,
  /** The all-products pages (useInfiniteQuery) for a search. */
  productPages: (q: string) => ['products', 'pages', q] as const,
  product: (id: string) => ['products', 'one', id] as const,
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
