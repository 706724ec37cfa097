import { lazy } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { messages } from '../../../shared/messages.js';
import { AuthContext } from '../../features/auth/auth-context.js';
import { fakeAuth } from '../../test/render.js';
import { RootLayout } from './RootLayout.js';

// A page whose chunk cannot be downloaded any more (a deploy replaced it), as the browser reports it.
const GonePage = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Gone-abc.js')));

/** A page whose code arrives a little later (a lazy chunk). */
const SlowPage = lazy(async () => {
  await new Promise((resolve) => setTimeout(resolve, 30));
  return { default: () => <h1>Blogs</h1> };
});

/** A form page that puts the focus in its first field itself. */
function FormPage() {
  return (
    <>
      <h1>Forgot password?</h1>
      <input aria-label="Email" autoFocus />
    </>
  );
}

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
              <Route path="/blogs" element={<SlowPage />} />
              <Route path="/forgot-password" element={<FormPage />} />
              <Route
                index
                element={
                  <>
                    <h1>Home page</h1>
                    <Link to="/forgot-password">Forgot password?</Link>
                  </>
                }
              />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

/** The entry script this page runs, as index.html names it. */
function runningEntry(src: string) {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  document.head.append(script);
  return script;
}

/**
 * What the shop's index.html says now: fetched by the error page to tell a new deploy from a connection
 * problem. Not an /api call (no contract row), so fetch is stubbed directly.
 */
function shopServes(answer: (() => Promise<Response>) | string) {
  const fetchMock = vi.fn(typeof answer === 'string' ? async () => new Response(answer, { status: 200 }) : answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('RootLayout error boundary, a page whose code cannot be loaded', () => {
  let entry: HTMLScriptElement;
  beforeEach(() => {
    entry = runningEntry('/assets/index-old.js');
  });
  afterEach(() => entry.remove());

  it('says a new version is available only when the shop now serves another version, keeping the navbar', async () => {
    const fetchMock = shopServes('<script type="module" crossorigin src="/assets/index-new.js"></script>');
    renderAt('/gone');
    expect(await screen.findByText('A new version of the shop is available. Please reload the page.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('says the page could not be loaded when the shop serves the same version', async () => {
    shopServes('<script type="module" crossorigin src="/assets/index-old.js"></script>');
    renderAt('/gone');
    expect(await screen.findByText(messages.ui.pageLoadFailed)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(messages.ui.newVersion)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('says the page could not be loaded when the shop cannot be reached either', async () => {
    const fetchMock = shopServes(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/gone');
    expect(await screen.findByText(messages.ui.pageLoadFailed)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText(messages.ui.newVersion)).not.toBeInTheDocument();
  });

  it('says the browser is offline when it is', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = shopServes('<script type="module" src="/assets/index-new.js"></script>');
    renderAt('/gone');
    expect(await screen.findByText(messages.ui.pageLoadOffline)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('RootLayout error boundary', () => {
  it('shows a crashed page as such, and lets another page render after navigating', async () => {
    renderAt('/crash');
    expect(await screen.findByText('Something went wrong on this page.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on this page.')).not.toBeInTheDocument();
  });
});

describe('RootLayout focus after a navigation', () => {
  it("moves to the new page's heading once it has loaded, not on the first page load", async () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Blogs' }));
    const heading = await screen.findByRole('heading', { name: 'Blogs' });
    await waitFor(() => expect(heading).toHaveFocus());
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Home page' })).toHaveFocus());
  });

  it('leaves the focus in the first field of a page that puts it there itself', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });
});
