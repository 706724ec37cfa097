import { describe, expect, it } from 'vitest';
import { utf8Text } from './trade-xml.js';

async function* chunksOf(bytes: Buffer, cuts: number[]) {
  const ends = [...cuts, bytes.length];
  for (const [i, start] of [0, ...cuts].entries()) yield bytes.subarray(start, ends[i]);
}

describe('utf8Text', () => {
  it('reads a character split between chunks whole (2, 3 and 4 bytes), however the bytes are cut', async () => {
    const text = '<Note>für – € 😀</Note>';
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const read: string[] = [];
      for await (const chunk of utf8Text(chunksOf(bytes, [cut, Math.min(cut + 1, bytes.length - 1)]))) read.push(chunk);
      expect(read.join(''), `cut at ${cut}`).toBe(text);
    }
  });
});
