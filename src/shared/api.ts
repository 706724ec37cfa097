/** The wire format of every answer: SPEC's entity fields and names, plus a few additions. */
import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.js';

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  min: z.number().int(),
  stock: z.number().int(),
  /** Dollars per unit, up to two decimals. */
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({ items: z.array(productSchema), nextCursor: z.string().nullable() });
export type ProductPage = z.infer<typeof productPageSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  contact: z.string(),
  address: z.string(),
  productId: z.string(),
  product: z.string(),
  /** Unit price in dollars, fixed when the order was placed. */
  price: z.number(),
  /** price × quantity in dollars. */
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** One line of an order's history: who moved it from which status to which, and when. */
export const orderEventSchema = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  actor: z.enum(['customer', 'admin', 'payment', 'system']),
  by: z.object({ name: z.string(), email: z.string() }).nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string(),
  address: z.string(),
  photoURL: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Masked (j***@example.com) for everyone but admins: the review list is public. */
  email: z.string(),
  rating: z.enum(['1', '2', '3', '4', '5']),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const adminFlagSchema = z.object({ admin: z.boolean() });

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
