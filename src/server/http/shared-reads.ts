import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Identical reads asked at the same time share one computation, and every one of them is answered by a
 * computation that started after it was asked (group commit, for reads). A computation starts on the
 * event loop's next turn, so the reads that arrived together (their requests parsed in the same turn)
 * share it; a read asked while one runs waits for it to end and then shares the next one with everyone
 * who asked meanwhile. Nothing is kept once a computation has answered, so no answer is older than its
 * question. For answers that are the same for every caller and cost many statements, such as the sales
 * overview: five staff asking at once cost one or two computations instead of five. On SQLite, whose
 * computation never waits for the database, the next turn is what lets them meet at all.
 */
export class SharedReads<T> {
  readonly #running = new Map<string, Promise<T>>();
  readonly #gathering = new Map<string, Promise<T>>();

  read(key: string, compute: () => Promise<T>): Promise<T> {
    const gathering = this.#gathering.get(key);
    if (gathering) return gathering;
    const running = this.#running.get(key);
    const next = (running ? running.then(settled, settled) : nextTurn()).then(() => {
      this.#gathering.delete(key);
      return this.#start(key, compute);
    });
    this.#gathering.set(key, next);
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
