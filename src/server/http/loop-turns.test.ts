import { setImmediate as nextTurn } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { busyFor } from '../test/event-loop.js';
import { LONG_WORK_MS_PER_TURN, shareTheLoop } from './loop-turns.js';

/** What ran first: long work that comes after `spent` ms of long work in this turn, or other work ready for the next turn. */
async function orderAfter(spent: number): Promise<string[]> {
  const ran: string[] = [];
  await shareTheLoop();
  busyFor(spent);
  setImmediate(() => ran.push('other work'));
  await shareTheLoop();
  ran.push('the next long work');
  await nextTurn();
  return ran;
}

describe('long work shares the event loop', () => {
  beforeEach(async () => {
    // Every test starts in a turn of its own.
    await nextTurn();
  });

  it('waits for a later turn once this one has had its share', async () => {
    expect(await orderAfter(LONG_WORK_MS_PER_TURN + 1)).toEqual(['other work', 'the next long work']);
  });

  it('goes on in this turn while the turn has room', async () => {
    expect(await orderAfter(0)).toEqual(['the next long work', 'other work']);
  });

  it('goes on in the order it came, a turn each when each piece takes the share', async () => {
    const ran: string[] = [];
    await shareTheLoop();
    busyFor(LONG_WORK_MS_PER_TURN + 1);
    const pieces = ['first', 'second', 'third'].map(async (piece) => {
      await shareTheLoop();
      ran.push(piece);
      busyFor(LONG_WORK_MS_PER_TURN + 1);
      setImmediate(() => ran.push(`turn after ${piece}`));
    });
    await Promise.all(pieces);
    await nextTurn();
    expect(ran).toEqual(['first', 'turn after first', 'second', 'turn after second', 'third', 'turn after third']);
  });
});
