import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';

describe('seededRandom', () => {
  it('gives the same numbers for the same seed and others for another', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('does not fall into a short cycle: a million draws, in [0, 1), almost all different', () => {
    const random = seededRandom(42);
    const seen = new Set<number>();
    for (let i = 0; i < 1_000_000; i++) {
      const value = random();
      expect(value >= 0 && value < 1).toBe(true);
      seen.add(value);
    }
    // Out of 2^32 values, a million draws repeat a few hundred by chance; a cycle would repeat most.
    expect(seen.size).toBeGreaterThan(999_000);
  });
});
