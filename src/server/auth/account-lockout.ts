/**
 * Failed password checks are counted per account and source address, in the shared counters (every
 * server on PostgreSQL counts the same). Guessing one account's password from one address stops after
 * `maxFailures` in 15 minutes; the owner signing in from elsewhere is not locked out by it, and a
 * password reset always works.
 *
 * A try is counted before its password is checked, in one atomic step of the counter, and the count is
 * cleared when the password was right: guesses sent all at once cannot all be checked before the first
 * of them is counted. The sign-in and the signed-in password change share the count.
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

  /** Counts one try at this account's password from `ip`; false when the tries are used up (check nothing then). */
  async reserveTry(email: string, ip: string): Promise<boolean> {
    const { count } = await this.counters.hit(this.key(email, ip), WINDOW_MS);
    return count <= this.maxFailures;
  }

  /** The password was right (or a reset proved the owner): the counted tries are forgotten. */
  async reset(email: string, ip: string): Promise<void> {
    await this.counters.clear(this.key(email, ip));
  }
}
