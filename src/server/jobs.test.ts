import { describe, expect, it } from 'vitest';
import { inBatches } from './jobs.js';

describe('inBatches', () => {
  it('runs batches until one answers that nothing is left, letting other work in between them', async () => {
    const seen: string[] = [];
    let left = 3;
    setImmediate(() => seen.push('a request'));
    await inBatches(async () => {
      seen.push('batch'); // answers without waiting for anything, as SQLite does
      return --left > 0;
    });
    expect(seen).toEqual(['batch', 'a request', 'batch', 'batch']);
  });
});
