/**
 * Work that takes turns: at most `atOnce` pieces run at once, the others wait in the order they came, and
 * an ending turn passes straight to the longest waiter. At most `waitingMax` may wait; one more is
 * refused at once (`take` answers null).
 */
export class Turns {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly atOnce: number,
    readonly waitingMax = Number.POSITIVE_INFINITY,
  ) {}

  /** Resolves when this piece's turn has come, with the function that ends the turn; null when `waitingMax` already wait. */
  take(): Promise<() => void> | null {
    if (this.#running < this.atOnce) {
      this.#running += 1;
      return Promise.resolve(this.#ender());
    }
    if (this.#waiting.length >= this.waitingMax) return null;
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#ender())));
  }

  /** Runs `work` in its turn (with no bound on the waiting, it is never refused). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.take();
    if (!turn) throw new Error('refused: as many as may wait already wait');
    const end = await turn;
    try {
      return await work();
    } finally {
      end();
    }
  }

  /** Ends a turn once, however often it is called. */
  #ender(): () => void {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    };
  }
}
