/**
 * mulberry32: a small, fast generator of numbers in [0, 1) that repeats for the same seed, for demo and
 * benchmark data. Its arithmetic stays in 32 bits (Math.imul): a generator that multiplies in doubles
 * loses the low bits past 2^53 and falls into a short cycle.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
