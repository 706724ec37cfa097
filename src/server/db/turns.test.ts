import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

/** Takes a turn and records in `ran` when it comes. */
function waitFor(turns: Turns, name: string, ran: string[]): Promise<() => void> {
  const turn = turns.take();
  if (!turn) throw new Error(`${name} was refused`);
  return turn.then((end) => (ran.push(name), end));
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('work that takes turns', () => {
  it('runs as many at once as it allows, the others in the order they came', async () => {
    const turns = new Turns(2);
    const ran: string[] = [];
    const first = waitFor(turns, 'first', ran);
    const second = waitFor(turns, 'second', ran);
    const third = waitFor(turns, 'third', ran);
    const fourth = waitFor(turns, 'fourth', ran);
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
    await waitFor(turns, 'after them all', ran);
    expect(ran.at(-1)).toBe('after them all');
  });

  it('refuses a piece at once when as many as it allows already wait, and takes one again once a turn ends', async () => {
    const turns = new Turns(1, 2);
    const ran: string[] = [];
    const running = waitFor(turns, 'running', ran);
    void waitFor(turns, 'waiting 1', ran);
    void waitFor(turns, 'waiting 2', ran);
    expect(turns.take()).toBeNull();

    (await running)();
    await settled();
    expect(ran).toEqual(['running', 'waiting 1']);
    expect(turns.take()).not.toBeNull();
  });

  it('ends a turn once however often its end is called', async () => {
    const turns = new Turns(1);
    const ran: string[] = [];
    const end = await waitFor(turns, 'first', ran);
    const second = waitFor(turns, 'second', ran);
    void waitFor(turns, 'third', ran);
    end();
    end();
    await second;
    await settled();
    expect(ran).toEqual(['first', 'second']);
  });

  it('runs work in its turn and ends the turn when the work fails', async () => {
    const turns = new Turns(1);
    const failing = turns.run(() => Promise.reject(new Error('failed')));
    const after = turns.run(() => Promise.resolve('ran after it'));
    await expect(failing).rejects.toThrow('failed');
    await expect(after).resolves.toBe('ran after it');
  });
});
