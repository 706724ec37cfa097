import { describe, expect, it } from 'vitest';
import { terminalLog } from '../../../scripts/lib/start-summary.mjs';

/** The lines a fresh trial install's server writes, as pino writes them. */
const startUp = [
  { level: 30, time: 1_800_000_000_000, msg: 'demo catalog created: 28 products, 12 reviews' },
  { level: 30, time: 1_800_000_000_000, demoAccount: { role: 'admin', email: 'admin@partsmith.example', password: 'Zq3-secret' }, msg: 'demo admin account: admin@partsmith.example / password Zq3-secret' },
  { level: 30, time: 1_800_000_000_000, demoAccount: { role: 'customer', email: 'customer@partsmith.example', password: 'Zq3-secret' }, msg: 'demo customer account: …' },
  { level: 30, time: 1_800_000_000_000, off: { feature: 'E-mail', now: 'kept in the outbox', turnOn: 'set SMTP_URL and MAIL_FROM' }, msg: 'E-mail is off: …' },
  { level: 30, time: 1_800_000_000_000, off: { feature: 'Google sign-in', now: 'no button', turnOn: 'set GOOGLE_CLIENT_ID' }, msg: 'Google sign-in is off: …' },
  { level: 30, time: 1_800_000_000_000, open: { url: 'http://127.0.0.1:3000', database: 'sqlite' }, msg: 'Partsmith is open at http://127.0.0.1:3000 (sqlite database)' },
];

function read(entries: object[], more: string[] = []): string[] {
  const out: string[] = [];
  const print = terminalLog((text) => out.push(text));
  for (const entry of entries) print(JSON.stringify(entry));
  for (const line of more) print(line);
  return out;
}

describe('npm start in a terminal', () => {
  it('prints the address, the demo logins and what is off with how to turn it on, with no JSON', () => {
    const out = read(startUp);
    const text = out.join('\n');
    expect(text).not.toContain('{');
    expect(text).toContain('Partsmith is open at http://127.0.0.1:3000  (sqlite database)');
    const admin = out.find((line) => /^\s+admin\s+admin@partsmith\.example\s+password Zq3-secret$/.test(line))!;
    const customer = out.find((line) => /^\s+customer\s+customer@partsmith\.example\s+password Zq3-secret$/.test(line))!;
    expect(admin.indexOf('admin@')).toBe(customer.indexOf('customer@'));
    const email = out.find((line) => /^\s+E-mail\s+kept in the outbox\s+set SMTP_URL and MAIL_FROM$/.test(line))!;
    const google = out.find((line) => /^\s+Google sign-in\s+no button\s+set GOOGLE_CLIENT_ID$/.test(line))!;
    expect(email.indexOf('set ')).toBe(google.indexOf('set '));
    // What came before the summary is one short line, before it.
    expect(out.findIndex((line) => line.endsWith('demo catalog created: 28 products, 12 reviews'))).toBeLessThan(out.indexOf('Off on this install, and how to turn it on:'));
  });

  it('then writes each entry on a short line, requests as method, path, status and time, and other output as it is', () => {
    const request = { level: 30, time: 1_800_000_000_000, method: 'GET', url: '/api/products', statusCode: 200, responseTime: 3.4, msg: 'request' };
    const warning = { level: 40, time: 1_800_000_000_000, err: { message: 'connection refused' }, msg: 'e-mail could not be sent: will try again' };
    const out = read([...startUp, request, warning], ['plain text']).slice(-3);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d {2}GET \/api\/products 200 3 ms$/);
    expect(out[1]).toMatch(/^\d\d:\d\d:\d\d {2}warn: e-mail could not be sent: will try again \(connection refused\)$/);
    expect(out[2]).toBe('plain text');
  });

  it('says when the demo password was printed before', () => {
    const again = startUp.map((entry) => ('demoAccount' in entry ? { ...entry, demoAccount: { ...entry.demoAccount, password: null } } : entry));
    const text = read(again).join('\n');
    expect(text).toContain('(password printed when it was created)');
    expect(text).not.toContain('Zq3-secret');
  });
});
