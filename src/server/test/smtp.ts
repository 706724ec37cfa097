/** A real SMTP server on loopback (npm smtp-server) that keeps what it receives, parsed (mailparser). */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailSink {
  url: string;
  received: ReceivedMail[];
  /** How many of the next messages to refuse (a 451, as a busy server would), to test retries. */
  refuseNext: number;
  /** Resolves when `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const sink = { received, refuseNext: 0 } as MailSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (sink.refuseNext > 0) {
            sink.refuseNext -= 1;
            const busy = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(busy);
          }
          received.push({
            from: parsed.from?.text ?? '',
            to: (Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map(({ filename, contentType, content }) => ({ filename: filename ?? '', contentType, content })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.waitFor = async (count, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} e-mails, got ${received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return received;
  };
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
