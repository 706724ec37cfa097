/**
 * A counting semaphore: at most `permits` holders at once; the others wait in the order they came, and a
 * released permit passes straight to the longest waiter. At most `maxWaiting` may wait: `acquire` refuses
 * one more at once (answers null).
 */
export class Semaphore {
  #held = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly permits: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /** Resolves once a permit is this caller's, with the function that releases it; null when `maxWaiting` already wait. */
  acquire(): Promise<() => void> | null {
    if (this.#held < this.permits) {
      this.#held += 1;
      return Promise.resolve(this.#releaser());
    }
    if (this.#waiting.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#releaser())));
  }

  /** Runs `work` holding a permit, and releases it however the work ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const acquired = this.acquire();
    if (!acquired) throw new Error(`refused: ${this.maxWaiting} already wait for a permit`);
    const release = await acquired;
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Releases one permit, once however often it is called: to the next waiter if any. */
  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#held -= 1;
    };
  }
}
