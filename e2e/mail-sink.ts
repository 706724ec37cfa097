/**
 * A loopback mail sink for the browser tests: an SMTP server that accepts every message the shop sends
 * (no login, no TLS) and an HTTP endpoint that answers what it received, oldest first, as JSON
 * `[{ to, subject, text }]` (GET /messages, or GET /messages?to=<address> for one recipient's).
 * playwright.config.ts starts it before the shop and points the shop's SMTP_URL at it.
 *
 *   npx tsx e2e/mail-sink.ts      # SMTP on MAIL_SINK_SMTP_PORT (4313), HTTP on MAIL_SINK_HTTP_PORT (4314)
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const HOST = '127.0.0.1';
const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 4313);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 4314);

export interface ReceivedMail {
  /** The envelope's recipients, comma-separated. */
  to: string;
  subject: string;
  text: string;
}

const received: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase()).join(', ');
        received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
smtp.on('error', (error) => console.error('[mail-sink] SMTP error:', error.message));

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}`);
  if (request.method !== 'GET' || url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = to ? received.filter((mail) => mail.to.split(', ').includes(to)) : received;
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
});

await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, HOST, resolve));
await new Promise<void>((resolve) => http.listen(HTTP_PORT, HOST, resolve));
console.log(`[mail-sink] SMTP on ${HOST}:${SMTP_PORT}, messages at http://${HOST}:${HTTP_PORT}/messages`);

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
