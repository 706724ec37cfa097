import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';

/** A fresh copy of the hook's module: whether the document's first page was built is module state. */
async function freshHook() {
  vi.resetModules();
  return (await import('./useRevealInTurn.js')).useRevealInTurn;
}

/** A page of `count` sections that records how many it showed at each commit. */
function pageRecording(useRevealInTurn: (count: number) => number, count: number, commits: number[]) {
  return function Page() {
    const shown = useRevealInTurn(count);
    useLayoutEffect(() => {
      commits.push(shown);
    });
    return <p>{`${shown} of ${count}`}</p>;
  };
}

describe('useRevealInTurn', () => {
  it("renders none of the first page's sections at first, then one more in each commit", async () => {
    const commits: number[] = [];
    const Page = pageRecording(await freshHook(), 3, commits);
    render(<Page />);
    expect(commits).toEqual([0]);
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect(commits).toEqual([0, 1, 2, 3]);
  });

  it('renders every section at once on a page built after the first', async () => {
    const useRevealInTurn = await freshHook();
    const First = pageRecording(useRevealInTurn, 2, []);
    const { unmount } = render(<First />);
    await waitFor(() => expect(screen.getByText('2 of 2')).toBeInTheDocument());
    unmount();
    const commits: number[] = [];
    const Later = pageRecording(useRevealInTurn, 4, commits);
    render(<Later />);
    expect(commits).toEqual([4]);
  });
});
