import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.js';

/** A value that reads can see, and computations the test finishes one at a time, each answering the value as it was when it started. */
function gatedSource() {
  const source = { value: 0, started: 0 };
  const gates: (() => void)[] = [];
  const compute = async () => {
    source.started++;
    const seen = source.value;
    await new Promise<void>((resolve) => gates.push(resolve));
    return seen;
  };
  const finishNext = async () => {
    gates.shift()!();
    await nextTurn();
  };
  return { source, compute, finishNext };
}

describe('SharedReads', () => {
  it('answers reads asked in the same turn with one computation that starts after the last of them', async () => {
    const reads = new SharedReads<number>();
    let computations = 0;
    const value = { now: 0 };
    const compute = async () => (++computations, value.now); // never waits, as on SQLite
    const first = reads.read('period', compute);
    value.now = 1; // committed before the second is asked: both must see it
    const second = reads.read('period', compute);
    expect(computations).toBe(0);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(computations).toBe(1);
  });

  it('answers reads asked while one runs with one later computation that sees what changed before they asked', async () => {
    const reads = new SharedReads<number>();
    const { source, compute, finishNext } = gatedSource();
    const first = reads.read('period', compute);
    await nextTurn();
    source.value = 1; // committed before the next two are asked: they must see it
    const second = reads.read('period', compute);
    const third = reads.read('period', compute);
    expect(source.started).toBe(1);

    await finishNext();
    expect(await first).toBe(0);
    expect(source.started).toBe(2);
    await finishNext();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(source.started).toBe(2);
  });

  it('starts a read on the next turn when nothing runs, and keeps no answer after it', async () => {
    const reads = new SharedReads<number>();
    const { source, compute, finishNext } = gatedSource();
    const first = reads.read('period', compute);
    await nextTurn();
    await finishNext();
    expect(await first).toBe(0);
    source.value = 2;
    const later = reads.read('period', compute);
    await nextTurn();
    expect(source.started).toBe(2);
    await finishNext();
    expect(await later).toBe(2);
  });

  it('keeps different keys apart', async () => {
    const reads = new SharedReads<number>();
    const { source, compute, finishNext } = gatedSource();
    const month = reads.read('month', compute);
    const year = reads.read('year', compute);
    await nextTurn();
    expect(source.started).toBe(2);
    await finishNext();
    await finishNext();
    await Promise.all([month, year]);
  });

  it('runs the waiting reads after a failed computation, which fails only its own reads', async () => {
    const reads = new SharedReads<number>();
    let calls = 0;
    let fail!: (error: Error) => void;
    const failing = reads.read('period', () => new Promise<number>((_, reject) => (fail = reject)));
    await nextTurn();
    const waiting = reads.read('period', async () => ++calls);
    fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    expect(await waiting).toBe(1);
  });
});
