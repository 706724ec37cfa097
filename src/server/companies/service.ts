/**
 * Companies (trade accounts): who belongs to which company, in what role and with what limit. Other
 * domains and flows ask here; only this domain reads its tables.
 */
import type { CompanyRole } from '../../shared/companies.js';
import { type Executor, isPostgres } from '../db/schema.js';

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

/**
 * `membershipOf`, its member row locked until the caller's transaction ends (PostgreSQL: FOR SHARE; SQLite
 * runs one writing transaction at a time already): a change of the member's role or limit, or their
 * removal, waits for the order being judged by it, so no order passes on a limit that no longer holds.
 */
export async function lockedMembershipOf(trx: Executor, userId: number): Promise<Membership | undefined> {
  if (isPostgres(trx)) {
    const locked = await trx.selectFrom('company_members').select('user_id').where('user_id', '=', userId).forShare().executeTakeFirst();
    if (!locked) return undefined;
  }
  return membershipOf(trx, userId);
}

/** The accounts of the admins of an approved company, in the order they joined. */
export async function companyAdminIds(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select('m.user_id')
    .where('m.company_id', '=', companyId)
    .where('m.role', '=', 'admin')
    .where('c.status', '=', 'approved')
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Whether `userId` is an admin of this approved company (read fresh: a removed or demoted admin is not). */
export async function isCompanyAdmin(db: Executor, userId: number, companyId: number): Promise<boolean> {
  const membership = await membershipOf(db, userId);
  return membership?.companyId === companyId && membership.role === 'admin';
}
