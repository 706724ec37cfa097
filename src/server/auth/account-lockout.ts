/**
 * Counts failed logins per account so a password can't be guessed from many IPs. Kept in process
 * memory: with several servers each holds its own count (documented), which still bounds guessing.
 */
const WINDOW_MS = 15 * 60_000;

export class AccountLockout {
  private failures = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxFailures: number) {}

  isLocked(email: string, at = Date.now()): boolean {
    const entry = this.failures.get(email);
    if (!entry) return false;
    if (entry.resetAt <= at) {
      this.failures.delete(email);
      return false;
    }
    return entry.count >= this.maxFailures;
  }

  recordFailure(email: string, at = Date.now()): void {
    const entry = this.failures.get(email);
    if (!entry || entry.resetAt <= at) this.failures.set(email, { count: 1, resetAt: at + WINDOW_MS });
    else entry.count += 1;
  }

  reset(email: string): void {
    this.failures.delete(email);
  }
}
