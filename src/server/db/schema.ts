/** Table types for Kysely. Money is integer cents; timestamps are ISO-8601 UTC text on both databases. */
import { type Generated, type Insertable, type Kysely, PostgresAdapter, type Selectable, type Updateable } from 'kysely';
import type { TaxClass } from '../../shared/catalog.js';
import type { OrderActor, OrderStatus } from '../../shared/order-status.js';
import type { ReturnReason, ReturnStatus } from '../../shared/returns.js';
import type { AuditAction, ReviewStatus, Role } from '../../shared/api.js';
import type { StockMovementReason } from '../../shared/back-office.js';
import type { CompanyRole, CompanyStatus } from '../../shared/companies.js';

interface Timestamps {
  created_at: string;
  updated_at: string;
}

export interface UsersTable extends Timestamps {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  phone: string;
  address: string;
  photo_url: string | null;
  deleted_at: string | null;
  /** When the owner proved the address is theirs (a verification link, Google, or the operator's ADMIN_EMAIL). */
  email_verified_at: string | null;
  /** The Google account (OpenID `sub`) that signs in as this one. */
  google_sub: string | null;
}

export interface SessionsTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  user_agent: Generated<string>;
  last_used_at: string | null;
}

export type AuthTokenPurpose = 'verify-email' | 'reset-password';

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  purpose: AuthTokenPurpose;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CountersTable {
  key: string;
  count: number;
  /** Epoch milliseconds (bigint: PostgreSQL answers it as a string). */
  reset_at: number | string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'logged';

export interface OutboxTable extends Timestamps {
  id: Generated<number>;
  kind: string;
  recipient: string;
  /** The message's facts as JSON; the sender renders them with the shop's current name and address. */
  data: string;
  status: OutboxStatus;
  /** 0: account mail (confirm, reset), sent first; 1: every other message. */
  priority: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

export interface ProductsTable extends Timestamps {
  id: Generated<number>;
  name: string;
  description: string;
  img: string;
  price_cents: number;
  stock: number;
  min_quantity: number;
  /**
   * Removed by an admin (the original storefront's Remove, docs/legacy-contract.md) while orders still
   * point at it: gone from the shop and the admin's lists.
   */
  hidden_at: string | null;
  /** Our part number as the admin wrote it, and its normalised key (unique: two spellings are one number). */
  sku: string;
  sku_key: string;
  category: Generated<string>;
  /** JSON `[{ name, value }]`. */
  specs: Generated<string>;
  /** The specs as words, for the search index. */
  keywords: Generated<string>;
  /** Archived: hidden from the shop, listed for admins, may be restored. */
  archived_at: string | null;
  /** The cross-reference numbers (as written and normalised), for the search index. */
  cross_numbers: Generated<string>;
  /** Sold in multiples of this many units. */
  pack_size: Generated<number>;
  /** JSON `[{ minQuantity, priceCents }]`, ascending (src/shared/pricing.ts). */
  price_breaks: Generated<string>;
  /** Low at or below this many units; null: the shop's LOW_STOCK_THRESHOLD. */
  reorder_threshold: number | null;
  /** Shipping weight in whole grams; 0: not known. */
  weight_grams: Generated<number>;
  /** The refundable core deposit per unit (remanufactured parts); 0: none. */
  core_charge_cents: Generated<number>;
  /** standard, reduced or zero (src/shared/catalog.ts TAX_CLASSES). */
  tax_class: Generated<TaxClass>;
  /** Its shown reviews: how many, their ratings' sum and average (0 without any), kept with every review change. */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  rating_average: Generated<number>;
}

/** One vehicle of the base: a model year of a make and model, with its submodel (trim) and engine. */
export interface VehiclesTable {
  id: Generated<number>;
  year: number;
  make: string;
  model: string;
  submodel: Generated<string>;
  engine: Generated<string>;
  /** The VCdb's ids of this vehicle (null: not known); demo vehicles have made-up ones (src/shared/fitment.ts). */
  base_vehicle_id: number | null;
  make_id: number | null;
  model_id: number | null;
  sub_model_id: number | null;
  engine_base_id: number | null;
}

export interface GarageVehiclesTable {
  user_id: number;
  vehicle_id: number;
  created_at: string;
}

/** A signed-in buyer's cart: one row per account that ever saved one. */
export interface CartsTable {
  user_id: number;
  updated_at: string;
}

/** A part in a buyer's cart, in the order the buyer put them (`position`). No key to products: a part deleted later just leaves the cart. */
export interface CartLinesTable {
  user_id: number;
  product_id: number;
  quantity: number;
  position: number;
}

/** A part fits the vehicles of a make and model in a year range, optionally only a submodel or an engine. */
export interface ApplicationsTable {
  id: Generated<number>;
  product_id: number;
  year_from: number;
  year_to: number;
  make: string;
  model: string;
  /** Empty: every submodel, every engine. */
  submodel: Generated<string>;
  engine: Generated<string>;
  /** A note the buyer must check ("with xenon headlights"), and where on the car (front, rear left…). */
  qualifier: Generated<string>;
  position: Generated<string>;
  /** How many the vehicle takes (ACES Qty), and the PCdb part type (null: not given). */
  quantity: Generated<number>;
  part_type_id: number | null;
}

export type PartNumberType = 'oe' | 'interchange' | 'superseded';

/** A number that leads to our part: the car maker's (OE), another brand's, or an old one of ours. */
export interface ProductNumbersTable {
  id: Generated<number>;
  product_id: number;
  type: PartNumberType;
  /** The car maker or the other brand; empty for our own superseded numbers. */
  brand: Generated<string>;
  number: string;
  number_key: string;
}

export interface SkuSequencesTable {
  prefix: string;
  last: number;
}

export type ProductChangeField = 'price' | 'stock';
export type ProductChangeReason = 'edit' | 'restock' | 'import';

export interface ProductChangesTable {
  id: Generated<number>;
  product_id: number;
  field: ProductChangeField;
  /** Cents for a price, units for stock. */
  old_value: number;
  new_value: number;
  reason: ProductChangeReason;
  actor_user_id: number;
  actor_name: string;
  actor_email: string;
  created_at: string;
}

export interface OrdersTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  customer_name: string;
  email: string;
  product_name: string;
  /** The part number when the order was placed. */
  product_sku: Generated<string>;
  unit_price_cents: number;
  quantity: number;
  phone: string;
  address: string;
  status: OrderStatus;
  transaction_id: string | null;
  /** The browser's key for one attempt to order: a retry of it finds this order instead of placing another. */
  idempotency_key: string | null;
  /** What is charged: subtotal_cents + shipping_cents + tax_cents. */
  total_cents: number;
  line_count: number;
  /** The buyer's purchase order number ('' when none). */
  po_number: Generated<string>;
  /** Given when paid, from `invoice_sequence`. */
  invoice_number: number | null;
  invoiced_at: string | null;
  /** When a payment of it last began while unpaid: its hold runs from then (orders/service.ts heldUntilMs). */
  payment_started_at: string | null;
  /** The goods: the sum of the lines' totals. `total_cents` is what is charged: goods + shipping + tax. */
  subtotal_cents: Generated<number>;
  shipping_cents: Generated<number>;
  tax_cents: Generated<number>;
  /** JSON `[{ name, rate, amountCents }]`: the tax charged, per rate. */
  tax_lines: Generated<string>;
  /** JSON of the destination (shared ShippingAddress); null on orders placed before addresses. */
  shipping_address: string | null;
  shipping_method_id: string | null;
  shipping_method_name: string | null;
  /** 1: EU reverse charge, the buyer accounts for the VAT (its VAT ID in `vat_id`). */
  reverse_charge: Generated<number>;
  vat_id: string | null;
  /** The buyer's exemption certificate number when it was valid at ordering: no tax was charged. */
  tax_exemption: string | null;
  /** The lines' core deposits (part of total_cents) and what has been refunded of total_cents. */
  core_deposit_cents: Generated<number>;
  refunded_cents: Generated<number>;
  /** The part of tax_cents charged on the shipping (0 on orders placed before the tax was split). */
  shipping_tax_cents: Generated<number>;
  /** Set while a paid order's cancel waits on the provider's refund: it may not ship meanwhile. */
  cancelling_at: Generated<string | null>;
  /** The company the order was placed for (its buyer a member of it), else null. */
  company_id: Generated<number | null>;
  /** Why a company admin declined it (the buyer sees it). */
  decline_reason: Generated<string | null>;
  /** The company admin who approved it out of 'awaiting approval', and when. */
  approved_by_user_id: Generated<number | null>;
  approved_at: Generated<string | null>;
}

/**
 * One line of an order, with the product's name, part number and prices as they were when it was placed.
 * The order row repeats its first line (product_id, product_name, product_sku, unit_price_cents) and the
 * units of all lines (quantity): the one-product order fields the original storefront's contract fixes
 * (docs/legacy-contract.md).
 */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_name: string;
  product_sku: string;
  quantity: number;
  unit_price_cents: number;
  /** The product's base price then; above unit_price_cents when a price break applied. */
  list_price_cents: number;
  /** The core deposit per unit then (0: none). */
  core_charge_cents: Generated<number>;
  /** Units shipped so far (≤ quantity), units returned by the buyer (≤ shipped), old units (cores) returned. */
  shipped_quantity: Generated<number>;
  returned_quantity: Generated<number>;
  cores_returned: Generated<number>;
  /**
   * The tax charged on the line's goods and on its core deposits, each rounded on its own as the quote did;
   * with the order's shipping_tax_cents they sum to its tax_cents (all 0 on orders placed before the split).
   */
  tax_cents: Generated<number>;
  core_tax_cents: Generated<number>;
}

export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  /** From `shipment_sequence`: SHP-000001. */
  number: number;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  shipped_at: string;
  shipped_by: number | null;
}

export interface ShipmentLinesTable {
  shipment_id: number;
  order_line_id: number;
  product_id: number;
  quantity: number;
}

export interface ReturnsTable extends Timestamps {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  status: ReturnStatus;
  note: Generated<string>;
  reject_reason: string | null;
  /** 1: the shop was at fault, so the refund gives the order's shipping back too. */
  refund_shipping: Generated<number>;
  /** Set as it is received (migration 059): when, and its refund then fixed, with the parts of it that are tax and shipping. */
  received_at: Generated<string | null>;
  refund_cents: Generated<number | null>;
  refund_tax_cents: Generated<number | null>;
  refund_shipping_cents: Generated<number | null>;
}

export interface ReturnLinesTable {
  return_id: number;
  order_line_id: number;
  product_id: number;
  quantity: number;
  reason: ReturnReason;
  vehicle_id: number | null;
  vehicle_label: string | null;
  /** For 'doesnt_fit': 1 when our fitment data said the part fits the vehicle, 0 when not; else null. */
  fits_by_our_data: number | null;
  received_quantity: Generated<number>;
  damaged_quantity: Generated<number>;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  /** The return it refunds; null for a cancelled order's whole refund. */
  return_id: number | null;
  amount_cents: number;
  /** The parts of amount_cents that are tax and shipping. */
  tax_cents: number;
  shipping_cents: number;
  /** From `credit_note_sequence`: CN-000001. */
  credit_note_number: number;
  provider_refund_id: string | null;
  /** JSON of what the credit note lists. */
  lines: Generated<string>;
  created_at: string;
  created_by: number | null;
}

export interface InvoiceSequenceTable {
  id: number;
  last: number;
}

export interface ReviewsTable extends Timestamps {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  rating: number;
  comment: string;
  /** Hidden by an admin: kept, not shown. */
  hidden_at: string | null;
  /** The part a review is about; null for a review of the shop. */
  product_id: Generated<number | null>;
  title: Generated<string>;
  /** 1 when the author has a paid order of the part. */
  verified: Generated<number>;
  /** Only published reviews are shown; `hidden_at` is set while hidden. */
  status: Generated<ReviewStatus>;
}

/** The stock ledger: one row per change of a part's stock; a part's rows sum to its stock. */
export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  /** Units added (positive) or taken (negative). */
  change: number;
  stock_after: number;
  reason: StockMovementReason;
  /** The order that moved it (placed, cancelled, expired, returned), or null. */
  order_id: number | null;
  /** The staff member or buyer who moved it; null for the shop itself (expiry, the opening balance). */
  actor_user_id: number | null;
  actor_name: string | null;
  created_at: string;
}

/** A reply staff sent to a contact message: the message's thread. */
export interface ContactRepliesTable {
  id: Generated<number>;
  message_id: number;
  body: string;
  sender_user_id: number | null;
  sender_name: string;
  sender_email: string;
  created_at: string;
}

export interface ContactMessagesTable extends Timestamps {
  id: Generated<number>;
  email: string;
  message: string;
  read_at: string | null;
  replied_at: string | null;
}

export interface PaymentsTable extends Timestamps {
  id: Generated<number>;
  order_id: number;
  provider: 'stripe' | 'test';
  intent_id: string;
  amount_cents: number;
  currency: string;
  status: 'created' | 'succeeded' | 'refunded';
}

export interface WebhookEventsTable extends Timestamps {
  event_id: string;
  type: string;
}

export interface TestProcessorIntentsTable extends Timestamps {
  id: string;
  client_secret: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'refunded';
  idempotency_key: string;
  /** Given back so far (migration 058); 'refunded' once it is the whole amount. */
  refunded_cents: Generated<number>;
  /** How many of its next refunds the processor declines: the refund-declining test card's payments. */
  declines_refunds: Generated<number>;
}

export interface TestProcessorRefundsTable {
  id: string;
  intent_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: string;
}

// Google sign-in (migration 003-google-sign-in): started sign-ins and one-time exchange codes.
export interface GoogleSignInStatesTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  expires_at: string;
  created_at: string;
}

export interface GoogleSignInCodesTable {
  code_hash: string;
  user_id: number;
  return_to: string;
  expires_at: string;
  created_at: string;
}

export interface OrderEventsTable extends Timestamps {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: OrderActor;
  actor_user_id: number | null;
  /** Who acted, as they were named then (null for the payment provider and the shop itself). */
  actor_name: string | null;
  actor_email: string | null;
  /** A refund of the order (migration 058): the status stays as it was. */
  refund_id: Generated<number | null>;
}

export interface AuditLogTable extends Timestamps {
  id: Generated<number>;
  admin_user_id: number;
  admin_name: string;
  admin_email: string;
  action: AuditAction;
  target: string;
}

/** A buyer's saved address (the addresses domain); `is_default` 1 on at most one per buyer. */
export interface AddressesTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
  is_default: number;
  /** Set: the address is in its company's shared book (every member sees it), not only in `user_id`'s. */
  company_id: Generated<number | null>;
}

/** The shipping and tax tables (the shipping-tax domain), as an admin last saved them. */
export interface ShippingZonesTable {
  id: string;
  position: number;
  name: string;
  countries: string;
  regions: string | null;
  postal_codes: string | null;
}

export interface ShippingMethodsTable {
  id: string;
  position: number;
  zone_id: string;
  name: string;
  kind: 'weight' | 'flat' | 'pickup';
  price_cents: number | null;
  free_over_cents: number | null;
  max_grams: number | null;
  min_days: number;
  max_days: number;
}

export interface ShippingBandsTable {
  method_id: string;
  up_to_grams: number;
  price_cents: number;
}

export interface TaxRatesTable {
  id: string;
  position: number;
  name: string;
  country: string;
  region: string | null;
  tax_class: TaxClass;
  rate_milli: number;
  shipping: number;
}

/** A buyer's resale or exemption certificate: no tax while `expires_on` (a calendar day, inclusive) has not passed. */
export interface TaxExemptionsTable extends Timestamps {
  user_id: number;
  certificate: string;
  expires_on: string;
}

/** A term of the staff's synonym groups (issue 65): the terms of one group stand for one another in a search. */
export interface SearchSynonymsTable {
  term: string;
  group_id: number;
  position: number;
}

/** A buyer waiting to be told that a part can be ordered again. */
export interface StockAlertsTable {
  user_id: number;
  product_id: number;
  created_at: string;
}

/** A buyer's saved list of parts (issue 65), private to them. */
export interface PartsListsTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  name: string;
}

export interface PartsListLinesTable {
  list_id: number;
  product_id: number;
  quantity: number;
  /** The lines' order as the buyer gave them. */
  position: number;
}

/** A trade account (the companies domain): 'pending' until staff approve or decline it. */
export interface CompaniesTable extends Timestamps {
  id: Generated<number>;
  name: string;
  vat_id: string | null;
  tax_certificate: string | null;
  phone: string;
  /** JSON of the shared ShippingAddress. */
  address: string;
  status: CompanyStatus;
  decline_reason: string | null;
  price_list_id: string | null;
  applicant_user_id: number;
  decided_at: string | null;
  decided_by_user_id: number | null;
}

/** A person's place in a company (at most one each); `spending_limit_cents` null: no limit per order. */
export interface CompanyMembersTable {
  user_id: number;
  company_id: number;
  role: CompanyRole;
  spending_limit_cents: number | null;
  created_at: string;
}

/** An invitation by e-mail: its link's token is kept only as a hash, used at most once before `expires_at`. */
export interface CompanyInvitationsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  role: CompanyRole;
  spending_limit_cents: number | null;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  invited_by_user_id: number;
  created_at: string;
}

/** A staff price list (the price-lists domain): valid from/to calendar days in the shop's time zone, inclusive. */
export interface PriceListsTable extends Timestamps {
  id: string;
  name: string;
  discount_basis_points: number;
  valid_from: string | null;
  valid_to: string | null;
}

/** A fixed price of a part on a list: from `min_quantity` units on (1: every quantity). */
export interface PriceListPricesTable {
  price_list_id: string;
  product_id: number;
  min_quantity: number;
  price_cents: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  products: ProductsTable;
  sku_sequences: SkuSequencesTable;
  product_changes: ProductChangesTable;
  vehicles: VehiclesTable;
  garage_vehicles: GarageVehiclesTable;
  applications: ApplicationsTable;
  product_numbers: ProductNumbersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  invoice_sequence: InvoiceSequenceTable;
  reviews: ReviewsTable;
  contact_messages: ContactMessagesTable;
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  test_processor_intents: TestProcessorIntentsTable;
  test_processor_refunds: TestProcessorRefundsTable;
  order_events: OrderEventsTable;
  audit_log: AuditLogTable;
  google_sign_in_states: GoogleSignInStatesTable;
  google_sign_in_codes: GoogleSignInCodesTable;
  auth_tokens: AuthTokensTable;
  counters: CountersTable;
  outbox: OutboxTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  // The checkout (issue 60)
  addresses: AddressesTable;
  shipping_zones: ShippingZonesTable;
  shipping_methods: ShippingMethodsTable;
  shipping_bands: ShippingBandsTable;
  tax_rates: TaxRatesTable;
  tax_exemptions: TaxExemptionsTable;
  // After the sale (issue 61)
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  shipment_sequence: InvoiceSequenceTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  refunds: RefundsTable;
  credit_note_sequence: InvoiceSequenceTable;
  // Choosing parts (issue 65)
  search_synonyms: SearchSynonymsTable;
  stock_alerts: StockAlertsTable;
  parts_lists: PartsListsTable;
  parts_list_lines: PartsListLinesTable;
  // The back office (issue 62)
  stock_movements: StockMovementsTable;
  contact_replies: ContactRepliesTable;
  // Trade accounts (issue 63)
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  price_lists: PriceListsTable;
  price_list_prices: PriceListPricesTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentLineRow = Selectable<ShipmentLinesTable>;
export type ReturnRow = Selectable<ReturnsTable>;
export type ReturnLineRow = Selectable<ReturnLinesTable>;
export type RefundRow = Selectable<RefundsTable>;

/** What every service runs its queries on: the database, or a caller's transaction. */
export type Executor = Kysely<Database>;

/** Runs `work` in the caller's transaction if `db` is one, else in a new one. */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Which database an executor speaks to, for the few places where the SQL itself differs between the two:
 * full-text search, JSON functions and row locks (SQLite has no FOR UPDATE). Everything else is
 * one query for both.
 */
export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function now(): string {
  return new Date().toISOString();
}

export function timestamps(): Timestamps {
  const at = now();
  return { created_at: at, updated_at: at };
}
