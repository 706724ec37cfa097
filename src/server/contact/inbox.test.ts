import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.js';
import { type Account, call, databaseKind, lastMailTo, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

describe(`the contact inbox (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const send = async (email: string, message: string) =>
    (await call(server.app, 'POST', '/api/contact', { body: { email, message } })).json() as { _id: string };
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
  });
});
