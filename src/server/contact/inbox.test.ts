import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueMail, smtpTransport, type MailTransport } from '../mail/sender.js';
import { listRecentMail } from '../mail/service.js';
import { renderMail } from '../mail/templates.js';
import { type Account, call, databaseKind, lastMailTo, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { type MailSink, startMailSink } from '../test/smtp.js';

/** Who the outbox tells of message `id`: the addresses of its 'contact-received' mails. */
const staffToldOf = async (server: TestServer, id: string) =>
  (await listRecentMail(server.db.kysely, 1000))
    .flatMap(({ mail }) => (mail.kind === 'contact-received' && mail.data.messageId === id ? [mail.to] : []))
    .sort();

describe(`the contact inbox (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const send = async (email: string, message: string) =>
    (await call(server.app, 'POST', '/api/contact', { body: { email, message } })).json() as { _id: string; createdAt: string };
  const asAdmin = (method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown) => call(server.app, method, url, { token: admin.token, body });
  const inbox = async (query = '') => (await asAdmin('GET', `/api/contact${query}`)).json() as { _id: string; read: boolean; repliedAt: string | null }[];

  it('lists a new message as unread and not replied, newest first', async () => {
    const older = await send('first@example.com', 'First question');
    const newer = await send('second@example.com', 'Second question');
    const list = await inbox();
    expect(list.map((m) => m._id).slice(0, 2)).toEqual([newer._id, older._id]);
    expect(list[0]).toMatchObject({ email: 'second@example.com', message: 'Second question', read: false, repliedAt: null });
  });

  it('marks a message read and unread again; ?unread=true answers only the unread ones', async () => {
    const message = await send('reader@example.com', 'Read me');
    const read = await asAdmin('PATCH', `/api/contact/${message._id}`, { read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ _id: message._id, read: true });
    expect((await inbox('?unread=true')).map((m) => m._id)).not.toContain(message._id);
    expect((await inbox()).find((m) => m._id === message._id)?.read).toBe(true);

    expect((await asAdmin('PATCH', `/api/contact/${message._id}`, { read: false })).json()).toMatchObject({ read: false });
    const unread = await inbox('?unread=true');
    expect(unread.map((m) => m._id)).toContain(message._id);
    expect(unread.every((m) => !m.read)).toBe(true);
    expect((await inbox('?unread=false')).length).toBeGreaterThan(0);
  });

  it('e-mails the reply to the sender with their message quoted, and marks it replied and read', async () => {
    const message = await send('Asker@Example.com', 'Do you ship to Norway?\nThanks');
    const replied = await asAdmin('POST', `/api/contact/${message._id}/reply`, { message: '  Yes, we do.\n\nShipping takes a week.  ' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ _id: message._id, read: true, repliedAt: expect.any(String) });
    expect((await inbox('?unread=true')).map((m) => m._id)).not.toContain(message._id);

    const mail = await lastMailTo(server, 'asker@example.com', 'contact-reply');
    expect(mail?.data).toMatchObject({ reply: 'Yes, we do.\n\nShipping takes a week.', original: 'Do you ship to Norway?\nThanks' });
    const rendered = renderMail(mail!, { name: 'Partsmith', publicUrl: 'https://shop.example', address: '', email: '' });
    expect(rendered.subject).toBe('Re: your message – Partsmith');
    expect(rendered.text).toContain('Yes, we do.\n\nShipping takes a week.');
    expect(rendered.text).toContain('> Do you ship to Norway?\n> Thanks');
  });

  it('keeps when a message was first read when it is marked read again or replied to', async () => {
    const message = await send('twice@example.com', 'Hello');
    await asAdmin('PATCH', `/api/contact/${message._id}`, { read: true });
    const firstReadAt = await readAt(message._id);
    await asAdmin('PATCH', `/api/contact/${message._id}`, { read: true });
    await asAdmin('POST', `/api/contact/${message._id}/reply`, { message: 'Hi' });
    expect(await readAt(message._id)).toBe(firstReadAt);
  });

  const readAt = async (id: string) =>
    (await server.db.kysely.selectFrom('contact_messages').select('read_at').where('id', '=', Number(id)).executeTakeFirstOrThrow()).read_at;

  it('refuses an empty or too long reply, a read flag that is not a boolean and a bad filter', async () => {
    const message = await send('strict@example.com', 'Hello');
    for (const body of [{}, { message: '   ' }, { message: 'x'.repeat(5001) }]) {
      const response = await asAdmin('POST', `/api/contact/${message._id}/reply`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await asAdmin('PATCH', `/api/contact/${message._id}`, { read: 'yes' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/api/contact/${message._id}`, {})).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/contact?unread=maybe')).statusCode).toBe(400);
    expect(await lastMailTo(server, 'strict@example.com', 'contact-reply')).toBeUndefined();
    expect((await inbox()).find((m) => m._id === message._id)).toMatchObject({ read: false, repliedAt: null });
  });

  it('answers 404 for a message that does not exist, and sends nothing', async () => {
    const patched = await asAdmin('PATCH', '/api/contact/999999', { read: true });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().error).toMatchObject({ code: 'not_found', message: 'Message not found' });
    expect((await asAdmin('POST', '/api/contact/999999/reply', { message: 'Hello' })).statusCode).toBe(404);
    const opened = await asAdmin('GET', '/api/contact/999999');
    expect(opened.statusCode).toBe(404);
    expect(opened.json().error).toMatchObject({ code: 'not_found', message: 'Message not found' });
  });

  it("keeps the thread: the customer's message, then each reply with the admin who sent it, oldest first", async () => {
    const clerk = await registerAdmin(server, 'Dana Desk');
    const message = await send('Fleet@Example.com', 'Do you stock BR-2040?');
    expect((await asAdmin('POST', `/api/contact/${message._id}/reply`, { message: 'Yes, 40 in stock.' })).statusCode).toBe(200);
    const second = await call(server.app, 'POST', `/api/contact/${message._id}/reply`, { token: clerk.token, body: { message: '  Shipped today.  ' } });
    expect(second.statusCode).toBe(200);

    const opened = await asAdmin('GET', `/api/contact/${message._id}`);
    expect(opened.statusCode).toBe(200);
    const detail = opened.json() as { thread: { from: string; body: string; at: string }[]; repliedAt: string };
    expect(detail).toMatchObject({ _id: message._id, email: 'fleet@example.com', message: 'Do you stock BR-2040?', read: true });
    expect(detail.thread).toEqual([
      { from: 'fleet@example.com', body: 'Do you stock BR-2040?', at: message.createdAt },
      { from: 'Test Admin', body: 'Yes, 40 in stock.', at: expect.any(String) },
      { from: 'Dana Desk', body: 'Shipped today.', at: second.json().repliedAt },
    ]);
    expect(detail.thread[1]!.at <= detail.thread[2]!.at).toBe(true);
    expect(detail.repliedAt).toBe(detail.thread[2]!.at);
    // Who sent each reply is kept as an account and an address too, not only as the name the thread shows.
    const senders = await server.db.kysely
      .selectFrom('contact_replies')
      .select(['sender_user_id', 'sender_email'])
      .where('message_id', '=', Number(message._id))
      .orderBy('id')
      .execute();
    expect(senders).toEqual([
      { sender_user_id: Number(admin.id), sender_email: admin.email },
      { sender_user_id: Number(clerk.id), sender_email: clerk.email },
    ]);
    // Each reply still reaches the customer as its own e-mail.
    expect((await lastMailTo(server, 'fleet@example.com', 'contact-reply'))?.data).toMatchObject({ reply: 'Shipped today.', original: 'Do you stock BR-2040?' });
  });

  it('opens a new message as a thread of one without marking it read (the Inbox page does that)', async () => {
    const message = await send('looker@example.com', 'Just looking');
    const opened = (await asAdmin('GET', `/api/contact/${message._id}`)).json();
    expect(opened).toMatchObject({ read: false, repliedAt: null, thread: [{ from: 'looker@example.com', body: 'Just looking' }] });
    expect(opened.thread).toHaveLength(1);
    expect((await inbox('?unread=true')).map((m) => m._id)).toContain(message._id);
  });

  it('lets neither a visitor nor a customer open a message', async () => {
    const message = await send('private@example.com', 'My phone is 555-0100');
    const customer = await registerCustomer(server.app);
    const anonymous = await call(server.app, 'GET', `/api/contact/${message._id}`);
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await call(server.app, 'GET', `/api/contact/${message._id}`, { token: customer.token });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.body).not.toContain('555-0100');
  });

  it('tells every admin when a message arrives (STAFF_EMAIL unset), through the outbox', async () => {
    const other = await registerAdmin(server, 'Olga Owner');
    const customer = await registerCustomer(server.app);
    const message = await send('buyer@example.com', 'Is the Headlight in stock?');
    const told = await staffToldOf(server, message._id);
    expect(told).toEqual(expect.arrayContaining([admin.email, other.email]));
    expect(told).not.toContain(customer.email);
    expect(told).toHaveLength(new Set(told).size);
    expect(await lastMailTo(server, admin.email, 'contact-received')).toMatchObject({ data: { messageId: message._id, from: 'buyer@example.com', message: 'Is the Headlight in stock?' } });
  });
});

describe(`staff told of a new message at STAFF_EMAIL, over SMTP (${databaseKind})`, () => {
  const PUBLIC_URL = 'https://shop.partsmith.example';
  const shop = { name: 'Partsmith', publicUrl: PUBLIC_URL, address: '', email: '' };
  const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof sendDueMail>[3];
  let sink: MailSink;
  let server: TestServer;
  let transport: MailTransport;
  let admin: Account;
  beforeAll(async () => {
    sink = await startMailSink();
    // One message an hour to an address no account confirmed: the staff's mail must not be held back by it.
    // (The cap is process-wide, set as an app is built: this block's server is built after the one above has finished.)
    server = await startTestServer({ PUBLIC_URL, STAFF_EMAIL: 'Desk@Shop.example, owner@shop.example', MAIL_UNCONFIRMED_PER_HOUR: '1' });
    transport = await smtpTransport(sink.url, 'Partsmith <shop@partsmith.example>');
    admin = await registerAdmin(server);
  });
  afterAll(async () => {
    transport.close?.();
    await server.close();
    await sink.close();
  });

  const send = async (email: string, message: string) =>
    (await call(server.app, 'POST', '/api/contact', { body: { email, message } })).json() as { _id: string };

  it('e-mails each STAFF_EMAIL address, and not the admins, the message quoted with a link to it in the Inbox', async () => {
    const message = await send('fleet@example.com', 'Do you ship to Norway?\nWe need 40 brake discs.');
    expect(await staffToldOf(server, message._id)).toEqual(['desk@shop.example', 'owner@shop.example']);
    expect(await lastMailTo(server, admin.email, 'contact-received')).toBeUndefined();

    await sendDueMail(server.db.kysely, transport, shop, quietLog);
    const desk = sink.received.filter((mail) => mail.to === 'desk@shop.example');
    expect(desk).toHaveLength(1);
    expect(desk[0]!.subject).toBe('New message from fleet@example.com – Partsmith');
    expect(desk[0]!.text).toMatch(/^fleet@example\.com wrote through the contact form on \w{3} \d{1,2}, \d{4}:$/m);
    expect(desk[0]!.text).toContain('> Do you ship to Norway?\n> We need 40 brake discs.');
    expect(desk[0]!.text).toContain(`Open it in the Inbox: ${PUBLIC_URL}/dashboard/inbox?message=${message._id}`);
    expect(sink.received.filter((mail) => mail.to === 'owner@shop.example')).toHaveLength(1);
  });

  it("tells the staff of every message, past the hourly cap that holds back mail to others' unconfirmed addresses", async () => {
    const messages = [await send('one@example.com', 'First'), await send('two@example.com', 'Second'), await send('three@example.com', 'Third')];
    for (const message of messages) expect(await staffToldOf(server, message._id)).toEqual(['desk@shop.example', 'owner@shop.example']);
    // The cap is 1 here: of two replies to one customer, only the first is written.
    const asked = await send('asker@example.com', 'Hello?');
    for (const reply of ['Hi', 'Hi again']) await call(server.app, 'POST', `/api/contact/${asked._id}/reply`, { token: admin.token, body: { message: reply } });
    const replies = (await listRecentMail(server.db.kysely, 1000)).filter(({ mail }) => mail.to === 'asker@example.com' && mail.kind === 'contact-reply');
    expect(replies).toHaveLength(1);
  });
});
