import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { formatTime } from '../../../shared/format.js';
import { QueryState } from '../../components/QueryState.js';
import { OfflineBanner } from './OfflineBanner.js';

const CATALOG: Record<string, string[]> = { brake: ['Brake Pad Set', 'Brake Disc'], tire: ['Winter Tire'] };

/** A search's results as a page shows them: the previous search's stay on screen while the next one loads. */
function Results({ term }: { term: string }) {
  const query = useQuery({
    queryKey: ['parts', term],
    queryFn: async () => CATALOG[term] ?? [],
    placeholderData: (previous) => previous,
  });
  return (
    <QueryState query={query} label="products">
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function setup(term: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (search: string) => (
    <QueryClientProvider client={client}>
      <OfflineBanner />
      <Results term={search} />
    </QueryClientProvider>
  );
  const result = render(page(term));
  return { client, search: (next: string) => result.rerender(page(next)) };
}

const banner = "You're offline. Pages show what was loaded before; searches and changes wait until you're back online.";

afterEach(() => onlineManager.setOnline(true));

describe('offline', () => {
  it('shows a banner, and results on screen say when they were loaded, never passing for fresh', async () => {
    const { client, search } = setup('brake');
    expect(await screen.findByText('Brake Pad Set')).toBeInTheDocument();
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
    expect(screen.queryByText(/You're offline/)).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByText(banner)).toBeInTheDocument();
    const loadedAt = client.getQueryState(['parts', 'brake'])!.dataUpdatedAt;
    expect(screen.getByText(`You're offline — showing results from ${formatTime(loadedAt)}.`)).toBeInTheDocument();

    // A new search cannot run: the earlier results stay, said to be earlier ones, and nothing new is shown.
    search('tire');
    expect(screen.getByText('Brake Pad Set')).toBeInTheDocument();
    expect(screen.getByText("You're offline — showing earlier results; this view loads when you're back online.")).toBeInTheDocument();
    expect(screen.queryByText('Winter Tire')).not.toBeInTheDocument();

    // Back online: the search runs, and neither the banner nor a note stays.
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Winter Tire')).toBeInTheDocument();
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
    expect(screen.queryByText(/You're offline/)).not.toBeInTheDocument();
  });

  it('says a view will load once back online instead of spinning', () => {
    onlineManager.setOnline(false);
    setup('brake');
    expect(screen.getByText("You're offline — products will load when you're back online.")).toBeInTheDocument();
    expect(screen.queryByText('Loading products')).not.toBeInTheDocument();
  });
});
