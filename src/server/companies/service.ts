/**
 * Companies (trade accounts): who belongs to which company, in what role and with what limit. Other
 * domains and flows ask here; only this domain reads its tables.
 */
import type { CompanyRole } from '../../shared/companies.js';
import type { Executor } from '../db/schema.js';

/** A person's place in an approved company, read fresh on every request (a removed member has none). */
export interface Membership {
  companyId: number;
  companyName: string;
  role: CompanyRole;
  /** Per order; null: no limit. */
  spendingLimitCents: number | null;
  priceListId: string | null;
  vatId: string | null;
  taxCertificate: string | null;
}

/** The approved company `userId` belongs to, if any. */
export async function membershipOf(db: Executor, userId: number): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.company_id', 'c.name', 'm.role', 'm.spending_limit_cents', 'c.price_list_id', 'c.vat_id', 'c.tax_certificate'])
    .where('m.user_id', '=', userId)
    .where('c.status', '=', 'approved')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    companyName: row.name,
    role: row.role,
    spendingLimitCents: row.spending_limit_cents,
    priceListId: row.price_list_id,
    vatId: row.vat_id,
    taxCertificate: row.tax_certificate,
  };
}

/** The names of these companies, by id (ids of no company are left out): for lists other domains rank, as the sales overview's. */
export async function companyNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
