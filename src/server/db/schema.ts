/** Table types for Kysely. Money is integer cents; timestamps are ISO-8601 UTC text on both databases. */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { OrderStatus } from '../../shared/order-status.js';
import type { Role } from '../../shared/api.js';

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
}

export interface SessionsTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
}

export interface ProductsTable extends Timestamps {
  id: Generated<number>;
  name: string;
  description: string;
  img: string;
  price_cents: number;
  stock: number;
  min_quantity: number;
  hidden_at: string | null;
}

export interface OrdersTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  customer_name: string;
  email: string;
  product_name: string;
  unit_price_cents: number;
  quantity: number;
  phone: string;
  address: string;
  status: OrderStatus;
  transaction_id: string | null;
}

export interface ReviewsTable extends Timestamps {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  rating: number;
  comment: string;
}

export interface ContactMessagesTable extends Timestamps {
  id: Generated<number>;
  email: string;
  message: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  products: ProductsTable;
  orders: OrdersTable;
  reviews: ReviewsTable;
  contact_messages: ContactMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type NewOrder = Insertable<OrdersTable>;

export function now(): string {
  return new Date().toISOString();
}

export function timestamps(): Timestamps {
  const at = now();
  return { created_at: at, updated_at: at };
}
