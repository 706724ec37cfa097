/**
 * The buyers' address books. An address is its owner's only (another account's id is not found), and a
 * buyer with addresses has exactly one default: the first saved, or the one last made default.
 */
import { addressOneLine } from '../../shared/address.js';
import type { Address } from '../../shared/checkout-api.js';
import { type AddressInput, type AddressPatch, type ShippingAddress, shippingAddressSchema } from '../../shared/checkout-schemas.js';
import { checkoutMessages } from '../../shared/messages.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Executor, inTransaction, isPostgres, now, timestamps } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { setProfileAddress } from '../users/service.js';

/** Addresses one buyer may keep. */
export const ADDRESSES_MAX = 50;

const COLUMNS = ['id', 'name', 'company', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone', 'is_default'] as const;

interface AddressRow {
  id: number;
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
}

function toAddressDto(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

function addressColumns(address: ShippingAddress) {
  return {
    name: address.name,
    company: address.company,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postal_code: address.postalCode,
    country: address.country,
    phone: address.phone,
  };
}

/** The default first, then in the order they were saved. */
export async function listAddresses(db: Executor, userId: number): Promise<Address[]> {
  const rows = await db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id').execute();
  return rows.map(toAddressDto);
}

/** One of the buyer's addresses; 404 for an id that is not theirs. */
export async function getOwnAddress(db: Executor, userId: number, id: number): Promise<Address> {
  const row = await db.selectFrom('addresses').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(checkoutMessages.addressNotFound);
  return toAddressDto(row);
}

/** The buyer's default address, if they saved any. */
export async function defaultAddress(db: Executor, userId: number): Promise<Address | undefined> {
  const row = await db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).where('is_default', '=', 1).executeTakeFirst();
  return row && toAddressDto(row);
}

/**
 * Runs a change of the buyer's address book in a transaction that first locks their addresses (on
 * PostgreSQL; SQLite runs one writer at a time), so two changes of the default cannot interleave. Two
 * first addresses saved at once have no row to lock: the one-default index refuses the second, which is
 * then tried again and finds the first. The profile's one-line address follows the default address.
 */
async function changingAddressBook<T>(db: Executor, userId: number, change: (trx: Executor) => Promise<T>): Promise<T> {
  const attempt = () =>
    inTransaction(db, async (trx) => {
      if (isPostgres(trx)) await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).forUpdate().execute();
      const changed = await change(trx);
      const current = await defaultAddress(trx, userId);
      if (current) await setProfileAddress(trx, userId, addressOneLine(current));
      return changed;
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error) || db.isTransaction) throw error;
    return attempt();
  }
}

async function makeDefault(trx: Executor, userId: number, id: number): Promise<void> {
  await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).where('id', '!=', id).execute();
  await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', id).execute();
}

export async function createAddress(db: Executor, userId: number, input: AddressInput): Promise<Address> {
  const id = await changingAddressBook(db, userId, async (trx) => {
    const { count } = await trx.selectFrom('addresses').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(count) >= ADDRESSES_MAX) throw conflict('address_book_full', checkoutMessages.addressesTooMany(ADDRESSES_MAX));
    const hasDefault = (await defaultAddress(trx, userId)) !== undefined;
    const row = await trx
      .insertInto('addresses')
      .values({ user_id: userId, ...addressColumns(input), is_default: 0, ...timestamps() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.isDefault || !hasDefault) await makeDefault(trx, userId, row.id);
    return row.id;
  });
  return getOwnAddress(db, userId, id);
}

/** Field problems of a whole address, as a 400 names them. */
function checkedAddress(address: Record<string, unknown>): ShippingAddress {
  const checked = shippingAddressSchema.safeParse(address);
  if (checked.success) return checked.data;
  const fields = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  throw badRequest(checked.error.issues[0]!.message, fields);
}

/** Changes some fields (the address they make is checked whole); `isDefault: true` makes it the default. */
export async function updateAddress(db: Executor, userId: number, id: number, patch: AddressPatch): Promise<Address> {
  await changingAddressBook(db, userId, async (trx) => {
    const { isDefault, ...fields } = patch;
    const current = await getOwnAddress(trx, userId, id);
    const address = checkedAddress({ ...current, ...fields });
    await trx.updateTable('addresses').set({ ...addressColumns(address), updated_at: now() }).where('id', '=', id).execute();
    if (isDefault) await makeDefault(trx, userId, id);
  });
  return getOwnAddress(db, userId, id);
}

/** Deletes an address; when it was the default, the most recently saved of the others becomes the default. */
export async function deleteAddress(db: Executor, userId: number, id: number): Promise<void> {
  await changingAddressBook(db, userId, async (trx) => {
    const address = await getOwnAddress(trx, userId, id);
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (!address.isDefault) return;
    const next = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
    if (next) await makeDefault(trx, userId, next.id);
  });
}
