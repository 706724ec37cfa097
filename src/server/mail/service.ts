/**
 * The outbox: an e-mail is written in the same transaction as the event that causes it, and sent
 * afterwards by the sender (sender.ts), with retries. Rows are claimed with a lease, so with several
 * servers each message is sent by one of them.
 */
import { sql } from 'kysely';
import { type Executor, now } from '../db/schema.js';
import { databaseCounters } from '../limits/service.js';
import { isAddressConfirmed } from '../users/service.js';
import type { Mail, MailKind } from './templates.js';

const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 8;
const HOUR_MS = 3_600_000;

/** Account mail: it always goes (its own request is how an address gets confirmed or a password back). */
const ACCOUNT_MAIL: ReadonlySet<MailKind> = new Set(['verify-email', 'reset-password']);
/**
 * Mail to the shop's own staff (STAFF_EMAIL or an admin's account): nobody outside chooses its address, so the
 * cap below, which guards addresses a visitor could type in, does not hold it back.
 */
const STAFF_MAIL: ReadonlySet<MailKind> = new Set(['contact-received']);

/**
 * At most this many other messages an hour to an address no account has confirmed (MAIL_UNCONFIRMED_PER_HOUR,
 * set from the settings when the app is built): whoever signs up with someone else's address cannot
 * flood it with order mail, and the outbox cannot grow without bound. Process-wide, as the callers
 * (the order process, inside its transactions) hold no settings.
 */
let unconfirmedPerHour = 10;
export function limitUnconfirmedMail(perHour: number): void {
  unconfirmedPerHour = perHour;
}

export interface OutboxMessage {
  id: number;
  mail: Mail;
  attempts: number;
  status: string;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

type OutboxRow = { id: number; kind: string; recipient: string; data: string; attempts: number; status: string; created_at: string; sent_at: string | null; last_error: string | null };

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    mail: { kind: row.kind as MailKind, to: row.recipient, data: JSON.parse(row.data) } as Mail,
    attempts: row.attempts,
    status: row.status,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
  };
}

/**
 * Writes the message to the outbox; false when it is dropped: over the hourly cap of an unconfirmed
 * address. The count is a row in the caller's transaction (an upsert, so concurrent orders of one
 * account count one after the other on PostgreSQL, and a rolled-back order counts nothing).
 */
export async function enqueueMail(db: Executor, mail: Mail): Promise<boolean> {
  const accountMail = ACCOUNT_MAIL.has(mail.kind);
  if (!accountMail && !STAFF_MAIL.has(mail.kind) && !(await isAddressConfirmed(db, mail.to))) {
    const { count } = await databaseCounters(db).hit(`mail-unconfirmed:${mail.to}`, HOUR_MS);
    if (count > unconfirmedPerHour) return false;
  }
  const at = now();
  await db
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      recipient: mail.to,
      data: JSON.stringify(mail.data),
      status: 'pending',
      priority: accountMail ? 0 : 1,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return true;
}

/**
 * Takes up to `limit` messages that are due, for `LEASE_MS`. The conditions stand in the update itself
 * (not only in the sub-select), so of two servers claiming at once, PostgreSQL re-checks them for the
 * second one on the row the first just leased, and it skips that row.
 */
export async function claimDueMail(db: Executor, limit: number, at = new Date()): Promise<OutboxMessage[]> {
  const rows = await dueMailClaim(db, limit, at).execute();
  return rows.map(toMessage);
}

/**
 * The claim's statement: account mail first, then the longest due first. It stays cheap however many messages wait: the
 * sub-select reads `outbox_due` in its own order and stops at `limit` (in order of id it would sort every
 * due message first), and the update finds the rows by their ids (given `status = ?` as it stands, it
 * would walk every pending message through `outbox_due` and test each against them; `status || ''` is
 * the same test, through no index).
 */
export function dueMailClaim(db: Executor, limit: number, at: Date) {
  const atText = at.toISOString();
  return db
    .updateTable('outbox')
    .set({ locked_until: new Date(at.getTime() + LEASE_MS).toISOString(), attempts: (eb) => eb('attempts', '+', 1), updated_at: atText })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', atText)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', atText)]))
        .orderBy('priority')
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit),
    )
    .where(sql<string>`status || ''`, '=', 'pending')
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', atText)]))
    .returningAll();
}

export async function markSent(db: Executor, ids: readonly number[], status: 'sent' | 'logged'): Promise<void> {
  if (ids.length === 0) return;
  const at = now();
  await db.updateTable('outbox').set({ status, sent_at: at, locked_until: null, last_error: null, updated_at: at }).where('id', 'in', ids).execute();
}

/** A failed try: again later (1 min, 2, 4 … up to 2 h), or given up after MAX_ATTEMPTS. */
export async function markFailed(db: Executor, message: OutboxMessage, error: string, at = Date.now()): Promise<void> {
  const delay = Math.min(60_000 * 2 ** (message.attempts - 1), 2 * 3_600_000);
  await db
    .updateTable('outbox')
    .set({
      status: message.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      next_attempt_at: new Date(at + delay).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 1000),
      updated_at: now(),
    })
    .where('id', '=', message.id)
    .execute();
}

/** The newest message of this kind written to `recipient`, or undefined (a mail that is sent again, unchanged). */
export async function newestMailTo(db: Executor, recipient: string, kind: MailKind): Promise<Mail | undefined> {
  const row = await db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).where('kind', '=', kind).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toMessage(row).mail : undefined;
}

export async function listRecentMail(db: Executor, limit = 100): Promise<OutboxMessage[]> {
  return (await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(toMessage);
}
