/**
 * Trade accounts for tests that need a company without going through its application and invitations
 * (their own helpers' tests do): rows written straight into the database.
 */
import type { Executor } from '../db/schema.js';
import type { Account } from './harness.js';
import { TEST_ADDRESS } from './harness.js';

/** An approved company (or in `status`), named as given; answers its id. */
export async function insertCompany(db: Executor, applicant: Account, name = 'Test Workshop', status: 'approved' | 'pending' | 'declined' = 'approved'): Promise<number> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('companies')
    .values({
      name,
      vat_id: null,
      tax_certificate: null,
      phone: '5550100',
      address: JSON.stringify(TEST_ADDRESS),
      status,
      decline_reason: null,
      price_list_id: null,
      applicant_user_id: Number(applicant.id),
      decided_at: status === 'pending' ? null : at,
      decided_by_user_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes the account a member of the company, in this role, with this limit per order in dollars (none: no limit). */
export async function addMember(db: Executor, companyId: number, account: Account, role: 'admin' | 'buyer', spendingLimitDollars: number | null = null): Promise<void> {
  await db
    .insertInto('company_members')
    .values({
      user_id: Number(account.id),
      company_id: companyId,
      role,
      spending_limit_cents: spendingLimitDollars === null ? null : Math.round(spendingLimitDollars * 100),
      created_at: new Date().toISOString(),
    })
    .execute();
}
