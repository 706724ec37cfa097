/** Query keys in one place, so mutations invalidate exactly what they change. */
export const keys = {
  me: ['me'] as const,
  products: ['products'] as const,
  productList: (q: string) => ['products', 'list', q] as const,
  product: (id: string) => ['products', 'one', id] as const,
  orders: ['orders'] as const,
  myOrders: (email: string) => ['orders', 'mine', email] as const,
  allOrders: ['orders', 'all'] as const,
  order: (id: string) => ['orders', 'one', id] as const,
  reviews: ['reviews'] as const,
  users: ['users'] as const,
  user: (email: string) => ['users', 'one', email] as const,
  admin: (email: string) => ['admin', email] as const,
  contact: ['contact'] as const,
};
