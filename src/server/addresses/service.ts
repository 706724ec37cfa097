/**
 * The buyers' address books. An address is its owner's only (another account's id is not found), and a
 * buyer with addresses has exactly one default: the first saved, or the one last made default.
 * A member of an approved company (trade accounts, issue 63) shares the company's book: they see and
 * manage its addresses (`company_id`) with their own, and the addresses they save go into it (and stay
 * the company's when they leave). Who is a
 * member the caller says (`companyId`, from companies/service.ts membershipOf, read on each request), so a
 * removed member sees only their own again. A default stays each person's own: a colleague's address is
 * never "default" for someone else, and making it so is not possible (isDefault is ignored there).
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

const COLUMNS = ['id', 'user_id', 'name', 'company', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone', 'is_default'] as const;

/** The company whose book the caller shares (null: their own book only). */
export type CompanyBook = number | null;

interface AddressRow {
  id: number;
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
}

function toAddressDto(row: AddressRow, userId: number): Address {
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
    isDefault: row.is_default === 1 && row.user_id === userId,
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

/**
 * The rows of the buyer's book: their own (not saved into a company's book), and their company's (the ones
 * they saved in it too). A removed member's addresses saved into the company's book stay the company's.
 */
const inBook = (db: Executor, userId: number, companyId: CompanyBook) =>
  db.selectFrom('addresses').where((eb) => {
    const own = eb.and([eb('user_id', '=', userId), eb('company_id', 'is', null)]);
    return companyId === null ? own : eb.or([own, eb('company_id', '=', companyId)]);
  });

/** The default first, then in the order they were saved (a member: with the company's). */
export async function listAddresses(db: Executor, userId: number, companyId: CompanyBook = null): Promise<Address[]> {
  const rows = await inBook(db, userId, companyId).select(COLUMNS).orderBy('id').execute();
  const addresses = rows.map((row) => toAddressDto(row, userId));
  return [...addresses.filter((address) => address.isDefault), ...addresses.filter((address) => !address.isDefault)];
}

async function rowInBook(db: Executor, userId: number, id: number, companyId: CompanyBook): Promise<AddressRow> {
  const row = await inBook(db, userId, companyId).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(checkoutMessages.addressNotFound);
  return row;
}

/** One of the buyer's addresses (a member: or one of their company's); 404 for an id that is not. */
export async function getOwnAddress(db: Executor, userId: number, id: number, companyId: CompanyBook = null): Promise<Address> {
  return toAddressDto(await rowInBook(db, userId, id, companyId), userId);
}

/** The buyer's default address, if they saved any. */
export async function defaultAddress(db: Executor, userId: number): Promise<Address | undefined> {
  const row = await db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).where('is_default', '=', 1).executeTakeFirst();
  return row && toAddressDto(row, userId);
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

/** Saves an address (a member's goes into the company's book); 409 beyond ADDRESSES_MAX in the book. */
export async function createAddress(db: Executor, userId: number, input: AddressInput, companyId: CompanyBook = null): Promise<Address> {
  const id = await changingAddressBook(db, userId, async (trx) => {
    const { count } = await inBook(trx, userId, companyId).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    if (Number(count) >= ADDRESSES_MAX) throw conflict('address_book_full', checkoutMessages.addressesTooMany(ADDRESSES_MAX));
    const hasDefault = (await listAddresses(trx, userId, companyId)).some((address) => address.isDefault);
    const row = await trx
      .insertInto('addresses')
      .values({ user_id: userId, company_id: companyId, ...addressColumns(input), is_default: 0, ...timestamps() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.isDefault || !hasDefault) await makeDefault(trx, userId, row.id);
    return row.id;
  });
  return getOwnAddress(db, userId, id, companyId);
}

/** Field problems of a whole address, as a 400 names them. */
function checkedAddress(address: Record<string, unknown>): ShippingAddress {
  const checked = shippingAddressSchema.safeParse(address);
  if (checked.success) return checked.data;
  const fields = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  throw badRequest(checked.error.issues[0]!.message, fields);
}

/** Who saved an address in the book (a colleague's address changes in their book, with their default). */
async function ownerOf(db: Executor, userId: number, id: number, companyId: CompanyBook): Promise<number> {
  return (await rowInBook(db, userId, id, companyId)).user_id;
}

/**
 * Changes some fields (the address they make is checked whole); `isDefault: true` makes it the default
 * (of one's own addresses only: on a colleague's company address it is ignored).
 */
export async function updateAddress(db: Executor, userId: number, id: number, patch: AddressPatch, companyId: CompanyBook = null): Promise<Address> {
  const owner = await ownerOf(db, userId, id, companyId);
  await changingAddressBook(db, owner, async (trx) => {
    const { isDefault, ...fields } = patch;
    const current = await getOwnAddress(trx, userId, id, companyId);
    const address = checkedAddress({ ...current, ...fields });
    await trx.updateTable('addresses').set({ ...addressColumns(address), updated_at: now() }).where('id', '=', id).execute();
    if (isDefault && owner === userId) await makeDefault(trx, userId, id);
  });
  return getOwnAddress(db, userId, id, companyId);
}

/** Deletes an address; when it was its saver's default, the most recently saved of their others becomes it. */
export async function deleteAddress(db: Executor, userId: number, id: number, companyId: CompanyBook = null): Promise<void> {
  const owner = await ownerOf(db, userId, id, companyId);
  await changingAddressBook(db, owner, async (trx) => {
    const address = await rowInBook(trx, userId, id, companyId);
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (address.is_default !== 1) return;
    const next = await trx.selectFrom('addresses').select('id').where('user_id', '=', owner).orderBy('id', 'desc').executeTakeFirst();
    if (next) await makeDefault(trx, owner, next.id);
  });
}
