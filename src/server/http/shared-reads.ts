/**
 * Identical reads asked at the same time share one computation, and every one of them is answered by a
 * computation that started after it was asked: a read asked while another runs waits for it to end and
 * then runs once for everyone who asked meanwhile (group commit, for reads). Nothing is kept once a
 * computation has answered, so no answer is older than its question. For answers that are the same for
 * every caller and cost many statements, such as the sales overview: five staff asking at once cost the
 * database two computations instead of five.
 */
export class SharedReads<T> {
  readonly #running = new Map<string, Promise<T>>();
  readonly #next = new Map<string, Promise<T>>();

  read(key: string, compute: () => Promise<T>): Promise<T> {
    const waiting = this.#next.get(key);
    if (waiting) return waiting;
    const running = this.#running.get(key);
    if (!running) return this.#start(key, compute);
    const next = running.then(settled, settled).then(() => {
      this.#next.delete(key);
      return this.#start(key, compute);
    });
    this.#next.set(key, next);
    return next;
  }

  #start(key: string, compute: () => Promise<T>): Promise<T> {
    const computation = compute();
    this.#running.set(key, computation);
    const done = () => {
      if (this.#running.get(key) === computation) this.#running.delete(key);
    };
    computation.then(done, done);
    return computation;
  }
}

const settled = () => undefined;
