/**
 * Failed logins are counted per account and source address, in the shared counters (every server on
 * PostgreSQL counts the same). Guessing one account's password from one address stops after
 * `maxFailures` in 15 minutes; the owner signing in from elsewhere is not locked out by it, and a
 * password reset always works.
 */
import type { Counters } from '../limits/service.js';

const WINDOW_MS = 15 * 60_000;

export class AccountLockout {
  constructor(
    private readonly counters: Counters,
    private readonly maxFailures: number,
  ) {}

  private key(email: string, ip: string) {
    return `login:${email}|${ip}`;
  }

  async isLocked(email: string, ip: string): Promise<boolean> {
    return (await this.counters.count(this.key(email, ip))) >= this.maxFailures;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await this.counters.hit(this.key(email, ip), WINDOW_MS);
  }

  async reset(email: string, ip: string): Promise<void> {
    await this.counters.clear(this.key(email, ip));
  }
}
