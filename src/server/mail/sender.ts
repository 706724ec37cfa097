/**
 * Sends what the outbox holds: over SMTP (nodemailer) when SMTP_URL is set; otherwise each message is
 * written to the log (in production without its text) and kept in the outbox, where an admin can read it
 * outside production.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/schema.js';
import { renderCreditNotePdf, renderInvoicePdf } from '../invoices/service.js';
import { claimDueMail, markFailed, markSent } from './service.js';
import { type Mail, type RenderedMail, renderMail, type ShopIdentity } from './templates.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailTransport {
  /** 'sent' when handed to an SMTP server, 'logged' when only written to the log. */
  readonly delivers: 'sent' | 'logged';
  send(message: RenderedMail & { to: string; attachments?: MailAttachment[] }): Promise<void>;
  /** Closes the connections a pooled transport keeps open. */
  close?(): void;
}

export async function smtpTransport(smtpUrl: string, from: string): Promise<MailTransport> {
  const { createTransport } = await import('nodemailer');
  // Pooled: a few connections kept open and reused, instead of a new connection (and TLS handshake) per message.
  const transporter = createTransport({ url: smtpUrl, pool: true }, { from });
  return {
    delivers: 'sent',
    async send({ to, subject, text, html, attachments }) {
      await transporter.sendMail({ to, subject, text, html, attachments });
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each message to the log, once the log has written what it holds (`caughtUp`): a backlog of
 * thousands would otherwise outrun it and be lost past its limit. In production without its text: the
 * links in it (confirm an address, reset a password) would let whoever reads the log into the account.
 */
export function logTransport(log: FastifyBaseLogger, caughtUp: () => Promise<void>, { withText }: { withText: boolean }): MailTransport {
  return {
    delivers: 'logged',
    async send({ to, subject, text, attachments }) {
      await caughtUp();
      const files = attachments?.map((attachment) => attachment.filename);
      const mail = withText ? { to, subject, text, attachments: files } : { to, subject, attachments: files };
      log.info({ mail }, 'e-mail not sent (SMTP_URL is not set): kept in the outbox');
    },
  };
}

/** The files a message carries, rendered when it is sent: the invoice PDF on an invoiced order's paid mail, the credit note on a refund's. */
async function attachmentsOf(mail: Mail, shop: ShopIdentity): Promise<MailAttachment[]> {
  if (mail.kind === 'order-refunded') {
    const note = mail.data.creditNote;
    return [{ filename: `credit-note-${note.creditNoteNumber}.pdf`, contentType: 'application/pdf', content: await renderCreditNotePdf(note, shop) }];
  }
  if (mail.kind !== 'order-paid' || !mail.data.invoice) return [];
  const invoice = mail.data.invoice;
  return [{ filename: `invoice-${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', content: await renderInvoicePdf(invoice, shop) }];
}

/**
 * Sends the messages that are due now, one batch; returns how many went out. A message handed to SMTP is
 * marked sent at once, so a crash sends at most that one again; messages only written to the log are
 * marked together after the batch (one statement instead of one each: writing one to the log twice harms
 * nobody).
 */
export async function sendDueMail(db: Executor, transport: MailTransport, shop: ShopIdentity, log: FastifyBaseLogger, batch = 20): Promise<number> {
  const logged: number[] = [];
  let sent = 0;
  for (const message of await claimDueMail(db, batch)) {
    try {
      await transport.send({ to: message.mail.to, ...renderMail(message.mail, shop), attachments: await attachmentsOf(message.mail, shop) });
      if (transport.delivers === 'logged') logged.push(message.id);
      else await markSent(db, [message.id], 'sent');
      sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ id: message.id, kind: message.mail.kind, attempts: message.attempts, err: reason }, 'e-mail could not be sent: will try again');
      await markFailed(db, message, reason);
    }
  }
  await markSent(db, logged, 'logged');
  return sent;
}
