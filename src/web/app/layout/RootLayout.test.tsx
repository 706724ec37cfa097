import { lazy } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext } from '../../features/auth/auth-context.js';
import { fakeAuth } from '../../test/render.js';
import { RootLayout } from './RootLayout.js';

// A page whose chunk cannot be downloaded any more (a deploy replaced it), as the browser reports it.
const GonePage = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Gone-abc.js')));

function Crashing(): never {
  throw new Error('boom');
}

function renderAt(path: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext value={fakeAuth()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<RootLayout />}>
              <Route path="/gone" element={<GonePage />} />
              <Route path="/crash" element={<Crashing />} />
              <Route index element={<p>Home page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RootLayout error boundary', () => {
  it('asks to reload when a page chunk cannot be loaded, keeping the navbar', async () => {
    renderAt('/gone');
    expect(await screen.findByText('A new version of the shop is available. Please reload the page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows a crashed page as such, and lets another page render after navigating', async () => {
    renderAt('/crash');
    expect(await screen.findByText('Something went wrong on this page.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on this page.')).not.toBeInTheDocument();
  });
});
