/**
 * For a test's `vi.mock` of `http/loop-turns.js`: every time a piece of work asks for a turn of the
 * event loop, counted, and the work then waits for what `onTurn` returns (other requests, say).
 */
export const sharing = { count: 0, onTurn: undefined as (() => Promise<unknown> | undefined) | undefined };

export function countingTurns<Module extends { shareTheLoop: () => Promise<void> }>(original: Module): Module {
  return {
    ...original,
    shareTheLoop: async () => {
      sharing.count += 1;
      await sharing.onTurn?.();
      return original.shareTheLoop();
    },
  };
}
