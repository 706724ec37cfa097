import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

/** Acquires a permit and records in `ran` when it comes. */
function waitFor(semaphore: Semaphore, name: string, ran: string[]): Promise<() => void> {
  const acquired = semaphore.acquire();
  if (!acquired) throw new Error(`${name} was refused`);
  return acquired.then((release) => (ran.push(name), release));
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('admits as many at once as it has permits, the others in the order they came', async () => {
    const semaphore = new Semaphore(2);
    const ran: string[] = [];
    const first = waitFor(semaphore, 'first', ran);
    const second = waitFor(semaphore, 'second', ran);
    const third = waitFor(semaphore, 'third', ran);
    const fourth = waitFor(semaphore, 'fourth', ran);
    await settled();
    expect(ran).toEqual(['first', 'second']);

    (await second)();
    await settled();
    expect(ran).toEqual(['first', 'second', 'third']);

    (await first)();
    (await third)();
    (await fourth)();
    await settled();
    expect(ran).toEqual(['first', 'second', 'third', 'fourth']);
    await waitFor(semaphore, 'after them all', ran);
    expect(ran.at(-1)).toBe('after them all');
  });

  it('refuses a caller at once when as many as it allows already wait, and admits one again once a permit is released', async () => {
    const semaphore = new Semaphore(1, 2);
    const ran: string[] = [];
    const running = waitFor(semaphore, 'running', ran);
    void waitFor(semaphore, 'waiting 1', ran);
    void waitFor(semaphore, 'waiting 2', ran);
    expect(semaphore.acquire()).toBeNull();

    (await running)();
    await settled();
    expect(ran).toEqual(['running', 'waiting 1']);
    expect(semaphore.acquire()).not.toBeNull();
  });

  it('releases a permit once however often its release is called', async () => {
    const semaphore = new Semaphore(1);
    const ran: string[] = [];
    const release = await waitFor(semaphore, 'first', ran);
    const second = waitFor(semaphore, 'second', ran);
    void waitFor(semaphore, 'third', ran);
    release();
    release();
    await second;
    await settled();
    expect(ran).toEqual(['first', 'second']);
  });

  it('runs work holding a permit and releases it when the work fails', async () => {
    const semaphore = new Semaphore(1);
    const failing = semaphore.run(() => Promise.reject(new Error('failed')));
    const after = semaphore.run(() => Promise.resolve('ran after it'));
    await expect(failing).rejects.toThrow('failed');
    await expect(after).resolves.toBe('ran after it');
  });
});
