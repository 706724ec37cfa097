/** Query keys in one place, so mutations invalidate exactly what they change. */
export const keys = {
  me: ['me'] as const,
  products: ['products'] as const,
  /** The home grid's first page. */
  homeProducts: ['products', 'home'] as const,
  /** The all-products pages (useInfiniteQuery) for a search and its filters: each view its own list. */
  productPages: (filters: {
    q: string;
    category: string | null;
    inStock: boolean;
    sort: string | null;
    vehicle: number | null;
    fitsOnly: boolean;
  }) => ['products', 'pages', filters] as const,
  product: (id: string) => ['products', 'one', id] as const,
  /** A product by its part number (the public product page). */
  productBySku: (sku: string) => ['products', 'sku', sku] as const,
  /** The categories and their counts within a list's filters; under `products`, so a product change refreshes the counts. */
  categories: (filters: { q: string; inStock: boolean; vehicle: number | null; fitsOnly: boolean }) => ['products', 'categories', filters] as const,
  /** The admin's catalog (archived parts too), page by page for a search and filters, and one part; under `products` too. */
  adminProducts: (filters: { q: string; category: string; status: string }) => ['products', 'admin', 'pages', filters] as const,
  adminProduct: (id: string) => ['products', 'admin', 'one', id] as const,
  /** A product's recorded price and stock changes. */
  productChanges: (id: string) => ['products', 'changes', id] as const,
  stockMovements: (id: string) => ['products', 'stock-movements', id] as const,
  /** The parts at or below their reorder threshold (the admin's list and menu badge); under `products`, so a restock refreshes it. */
  lowStock: ['products', 'low-stock'] as const,
  /** The vehicles a part fits (its applications); under `products`, so a product change refreshes it. */
  productFitment: (id: string) => ['products', 'fitment', id] as const,
  /** The part any of its numbers leads to, by the number normalised. */
  partLookup: (number: string) => ['products', 'lookup', number] as const,
  /** The numbers closest to one nothing matched ("Did you mean …"), by the number normalised. */
  numberSuggestions: (number: string) => ['products', 'suggestions', number] as const,
  /** The vehicle base, step by step: its years, a year's makes, their models, a model's vehicles (trims and engines). */
  vehicleYears: ['vehicles', 'years'] as const,
  vehicleMakes: (year: number) => ['vehicles', 'makes', year] as const,
  vehicleModels: (year: number, make: string) => ['vehicles', 'models', year, make] as const,
  vehicles: (year: number, make: string, model: string) => ['vehicles', 'list', year, make, model] as const,
  /** Every year's makes, and a make's models of every year (the product form's fitment rows). */
  baseMakes: ['vehicles', 'makes', 'every year'] as const,
  baseModels: (make: string) => ['vehicles', 'models', 'every year', make] as const,
  vin: (vin: string) => ['vehicles', 'vin', vin] as const,
  /** The signed-in buyer's garage: under `me`, so signing out forgets it. */
  garage: ['me', 'garage'] as const,
  /** The signed-in buyer's address book: under `me`, so signing out forgets it. */
  addresses: ['me', 'addresses'] as const,
  /** The signed-in buyer's trade account (issue 63): under `me`, so signing out forgets it. */
  myCompany: ['me', 'company'] as const,
  /** A checkout quote for one request (lines, destination, method, VAT ID). */
  quote: (request: object) => ['checkout', 'quote', request] as const,
  orders: ['orders'] as const,
  /** A company's orders (issue 63, its admins); under `orders`, so approving one refreshes every list. */
  companyOrders: (companyId: number) => ['orders', 'company', companyId] as const,
  myOrders: (email: string) => ['orders', 'mine', email] as const,
  allOrders: (filters: object) => ['orders', 'all', filters] as const,
  order: (id: string) => ['orders', 'one', id] as const,
  orderHistory: (id: string) => ['orders', 'history', id] as const,
  paymentsConfig: ['payments', 'config'] as const,
  paymentIntent: (orderId: string) => ['payments', 'intent', orderId] as const,
  /** Returns (issue 61): the list (a buyer's own, or an admin's by status), one return, and the fitment-quality list they feed. */
  returns: ['returns'] as const,
  returnList: (status: string) => ['returns', 'list', status] as const,
  returnItem: (id: string) => ['returns', 'one', id] as const,
  fitmentQuality: ['returns', 'fitment-quality'] as const,
  googleStatus: ['google', 'status'] as const,
  reviews: ['reviews'] as const,
  /** The home page's business summary; under `reviews`, so a new review refreshes its count. */
  homeSummary: ['reviews', 'summary'] as const,
  /** Every review, hidden ones too (Manage Reviews); under `reviews`, so hiding one refreshes both lists. */
  allReviews: ['reviews', 'all'] as const,
  users: ['users'] as const,
  user: (email: string) => ['users', 'one', email] as const,
  admin: (email: string) => ['admin', email] as const,
  contact: ['contact'] as const,
  /** The inbox (admins): its list (all or unread) and one message with its thread, under `contact`. */
  contactList: (filter: 'all' | 'unread') => ['contact', 'list', filter] as const,
  contactMessage: (id: string) => ['contact', 'one', id] as const,
  /** The signed-in account's sessions (My Profile). */
  sessions: ['sessions'] as const,
  /** The outbox, rendered (admins, outside production: Mail preview). */
  outbox: ['outbox'] as const,
  /** The staff home's counts (issue 62): the dashboard's landing page for admins and the menu's Inbox badge. */
  staffHome: ['staff-home'] as const,
};
