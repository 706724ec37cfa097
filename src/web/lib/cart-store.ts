import { useSyncExternalStore } from 'react';
import type { Cart } from '../../shared/api.js';
import { messages } from '../../shared/messages.js';
import { formatQuantity } from '../../shared/quantity.js';
import { apiFetch, getToken } from './api-client.js';
import { errorText } from './form-errors.js';
import { storedValue } from './stored-value.js';
import { toast } from './toast.js';

/**
 * The cart. A visitor's is kept by the browser (placing the order needs an account); a signed-in buyer's is
 * the account's (GET/PUT /api/cart), so it follows them to every device. At sign-in the visitor's parts move
 * into the account's cart, as the garage's vehicles do; signing out leaves the account's cart as it is.
 * It holds which parts and how many, never prices: the cart page shows each part's current price and tier.
 * A part already in the cart is never summed silently: the buyer chooses Replace or Add (`useCartChoice`).
 */
export interface CartLine {
  productId: string;
  quantity: number;
}

/** A part being added: its name says what happened to it. */
export interface NamedCartLine extends CartLine {
  name: string;
}

/** A part in the cart that is added again: how many it had, how many come now. */
export interface CartConflict {
  productId: string;
  name: string;
  had: number;
  adding: number;
}

/** What the buyer is asked: for parts added again, or parts chosen before signing in that the account's cart also has. */
export interface CartChoice {
  reason: 'added' | 'signedIn';
  conflicts: CartConflict[];
}

const isLine = (value: unknown): value is CartLine =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CartLine).productId === 'string' &&
  Number.isInteger((value as CartLine).quantity) &&
  (value as CartLine).quantity > 0;

const visitor = storedValue<CartLine[]>('partsmith:cart', (value) => (Array.isArray(value) && value.every(isLine) ? value : null), []);

// The signed-in buyer's cart as the shop last answered it, with the buyer's changes on top; null while signed out.
let account: CartLine[] | null = null;
let choice: CartChoice | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
function subscribe(listener: () => void) {
  listeners.add(listener);
  const fromStorage = visitor.subscribe(listener);
  return () => {
    listeners.delete(listener);
    fromStorage();
  };
}

export const readCart = (): CartLine[] => account ?? visitor.read();
export const useCart = (): CartLine[] => useSyncExternalStore(subscribe, readCart, () => []);
export const useCartChoice = (): CartChoice | null => useSyncExternalStore(subscribe, () => choice, () => null);

function writeCart(change: (cart: CartLine[]) => CartLine[]): void {
  if (account === null) return visitor.write(change);
  account = change(account);
  notify();
  saveAccountCart();
}

const linesOf = (cart: Cart): CartLine[] => cart.lines.map(({ productId, quantity }) => ({ productId, quantity }));

// ---- Adding and changing ---------------------------------------------------------------------------

/**
 * Adds parts: new ones go last at once; a part already in the cart waits for the buyer's choice (Replace or
 * Add). Answers the parts added at once. Signed in, once the account's cart is known (a page just opened
 * may still be asking for it), so the choice is about the account's cart.
 */
export async function addToCart(lines: readonly NamedCartLine[]): Promise<NamedCartLine[]> {
  await accountCartKnown();
  const cart = readCart();
  const had = new Map(cart.map((line) => [line.productId, line.quantity]));
  const added = lines.filter((line) => !had.has(line.productId));
  const conflicts = lines.flatMap((line) => {
    const before = had.get(line.productId);
    return before === undefined ? [] : [{ productId: line.productId, name: line.name, had: before, adding: line.quantity }];
  });
  if (added.length > 0) writeCart((current) => [...current, ...added.map(({ productId, quantity }) => ({ productId, quantity }))]);
  if (conflicts.length > 0) askAbout({ reason: 'added', conflicts });
  return added;
}

function askAbout(next: CartChoice): void {
  // A choice still open is kept: its parts are asked about again with the new ones.
  const open = choice?.conflicts.filter((old) => !next.conflicts.some((item) => item.productId === old.productId)) ?? [];
  choice = { reason: next.reason, conflicts: [...open, ...next.conflicts] };
  notify();
}

/**
 * The buyer's answer: Replace (the quantity added is the part's quantity now), Add (both together), or
 * neither (the cart stays as it was). Says what happened to each part: "Brake Pad Set: now 1,000 (was 500)".
 */
export function answerCartChoice(answer: 'replace' | 'add' | 'keep'): void {
  const asked = choice;
  choice = null;
  notify();
  if (!asked || answer === 'keep') return;
  const now = new Map(asked.conflicts.map((item) => [item.productId, answer === 'add' ? item.had + item.adding : item.adding]));
  writeCart((cart) => cart.map((line) => (now.has(line.productId) ? { ...line, quantity: now.get(line.productId)! } : line)));
  toast.success(asked.conflicts.map((item) => messages.ui.cart.changed(item.name, formatQuantity(now.get(item.productId)!), formatQuantity(item.had))).join(' · '));
}

/** Sets one part's quantity (the cart page's input). */
export function setCartQuantity(productId: string, next: number): void {
  writeCart((cart) => cart.map((line) => (line.productId === productId ? { ...line, quantity: next } : line)));
}

export function removeFromCart(productId: string): void {
  writeCart((cart) => cart.filter((line) => line.productId !== productId));
}

/** Empties the cart and puts these lines in it ("Order again"). */
export function replaceCart(lines: readonly CartLine[]): void {
  writeCart(() => lines.map(({ productId, quantity }) => ({ productId, quantity })));
}

export function clearCart(): void {
  writeCart(() => []);
}

// ---- The account's cart ----------------------------------------------------------------------------

// Changes made since the last save was sent; saves go one at a time, the newest cart each time.
let version = 0;
let saving: Promise<void> | null = null;

function saveAccountCart(): void {
  version += 1;
  if (saving) return;
  saving = sendAccountCart().finally(() => {
    saving = null;
  });
}

async function sendAccountCart(): Promise<void> {
  while (account !== null) {
    const sent = version;
    let answer: Cart;
    try {
      answer = await apiFetch<Cart>('/api/cart', { method: 'PUT', body: { lines: account } });
    } catch (error) {
      // A newer cart is sent instead; this one was refused (a part no longer sold, a quantity its rules do
      // not allow) or not sent: the buyer is told, and the cart is shown as the shop has it.
      if (sent !== version) continue;
      toast.error(errorText(error));
      await showSavedCart(sent);
      return;
    }
    if (sent === version) {
      showCart(answer);
      return;
    }
  }
}

function showCart(cart: Cart): void {
  if (account === null) return;
  account = linesOf(cart);
  notify();
}

/** The account's cart as the shop has it, unless the buyer changed it since `at`. */
async function showSavedCart(at: number): Promise<void> {
  try {
    const cart = await apiFetch<Cart>('/api/cart');
    if (at === version) showCart(cart);
  } catch {
    // Offline: the cart stays as last seen.
  }
}

/** The account's cart as the shop has it now (another device may have changed it), unless a change is being saved. */
async function refreshAccountCart(): Promise<void> {
  if (account === null || saving) return;
  await showSavedCart(version);
}

let opening: Promise<void> | null = null;
// While a stored sign-in's cart is not known yet: settled once it is opened, or the sign-in is gone.
let known: { promise: Promise<void>; settle: () => void } | null = null;

function accountCartKnown(): Promise<void> {
  if (account !== null || !getToken()) return Promise.resolve();
  if (!known) {
    let settle = () => {};
    const promise = new Promise<void>((resolve) => {
      settle = resolve;
    });
    known = { promise, settle };
  }
  return known.promise;
}

function settleAccountCart(): void {
  known?.settle();
  known = null;
}
// Counts sign-outs: a cart that arrives after its buyer signed out is not opened.
let signOuts = 0;

/** The account's cart: opened at sign-in (once, however many ask), fetched again later (`refreshAccountCart`). */
export function followAccountCart(): Promise<void> {
  if (account !== null) return refreshAccountCart();
  if (opening) return opening;
  // Opened or not (offline), what waits for it goes on: a visitor's parts are moved in at the next opening.
  const started = openAccountCart().finally(() => {
    if (opening === started) opening = null;
    settleAccountCart();
  });
  opening = started;
  return started;
}

/**
 * A buyer signed in: their cart becomes the account's. The parts the visitor chose go into it (new ones
 * after the account's); a part both have keeps the account's quantity until the buyer chooses Replace or Add.
 */
async function openAccountCart(): Promise<void> {
  const before = signOuts;
  const cart = await apiFetch<Cart>('/api/cart');
  if (before !== signOuts) return;
  const chosen = visitor.read();
  const mine = linesOf(cart);
  const names = new Map(cart.lines.map((line) => [line.productId, line.name]));
  const had = new Map(mine.map((line) => [line.productId, line.quantity]));
  const added = chosen.filter((line) => !had.has(line.productId));
  const conflicts = chosen.flatMap((line) => {
    const before = had.get(line.productId);
    return before === undefined || before === line.quantity ? [] : [{ productId: line.productId, name: names.get(line.productId) ?? '', had: before, adding: line.quantity }];
  });
  account = mine;
  visitor.write(() => []);
  notify();
  if (added.length > 0) {
    writeCart((current) => [...current, ...added]);
    toast.success(messages.ui.cart.movedIn(added.length));
  }
  if (conflicts.length > 0) askAbout({ reason: 'signedIn', conflicts });
}

/** Signed out: the account's cart stays with the account; this browser's cart is a visitor's again (empty). */
export function closeAccountCart(): void {
  account = null;
  choice = null;
  version += 1;
  signOuts += 1;
  opening = null;
  settleAccountCart();
  notify();
}
