import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import type { User } from '../../shared/api.js';
import { AuthContext, type AuthState } from '../features/auth/auth-context.js';
import { contractProblem, reportViolation, type FakeAnswer } from './fake-answers.js';

export const customer: User = {
  _id: '2',
  name: 'Casey Customer',
  email: 'customer@partsmith.example',
  role: 'user',
  phone: '',
  address: '',
  photoURL: null,
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    user: null,
    loading: false,
    isAdmin: false,
    login: vi.fn(async () => customer),
    register: vi.fn(async () => customer),
    signInWithGoogle: vi.fn(async () => ({ user: customer, returnTo: '/' })),
    logout: vi.fn(async () => undefined),
    signOutLocally: vi.fn(),
    ...overrides,
  };
}

interface Options {
  auth?: AuthState;
  /** The address to start at; it may carry a query string, e.g. '/allProducts?category=brakes'. */
  route?: string;
  path?: string;
  state?: unknown;
  /** The address's fragment, e.g. '#google=abc'. */
  hash?: string;
}

/** Any other page: says where the router is, so a test can see where a component navigated to. */
function ElsewherePage() {
  const location = useLocation();
  return <p>Page at {`${location.pathname}${location.search}${location.hash}`}</p>;
}

/** Renders `ui` with a fresh query cache, a memory router, a fake auth state and the toast container. */
export function renderWithProviders(
  ui: ReactElement,
  { auth = fakeAuth(), route = '/under-test', path = '/under-test', state, hash = '' }: Options = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const query = route.indexOf('?');
  const [pathname, search] = query < 0 ? [route, ''] : [route.slice(0, query), route.slice(query)];
  const result = render(
    <QueryClientProvider client={client}>
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={[{ pathname, search, state, hash }]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/" element={<p>Home page</p>} />
            <Route path="/dashboard" element={<p>Dashboard page</p>} />
            <Route path="*" element={<ElsewherePage />} />
          </Routes>
        </MemoryRouter>
        <ToastContainer autoClose={5000} />
      </AuthContext>
    </QueryClientProvider>,
  );
  return { ...result, user, client, auth };
}

export type FakeHandler = (url: string, init: RequestInit) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

/**
 * Stubs fetch (and XMLHttpRequest, which uploads that report their progress use): `handler` answers each
 * call (or a promise of the answer, to hold a call back); the calls are recorded with their parsed JSON bodies. Every answer must be one the server could give (see
 * fake-answers.ts): a call to an unknown endpoint, an unanswered call, an answer that does not match the
 * endpoint's schema or an error message the server never words fails the test.
 */
export function mockFetch(handler: FakeHandler) {
  const calls: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    // A JSON body parsed; any other text (a CSV upload) or a FormData (a picture upload) as it is.
    const json = (headers['Content-Type'] ?? 'application/json') === 'application/json';
    const body: unknown =
      typeof init.body === 'string' ? (json ? JSON.parse(init.body) : init.body) : init.body instanceof FormData ? init.body : undefined;
    calls.push({ url, method, body, headers });
    const answer = await handler(url, init);
    const problem = contractProblem(method, url, body, answer);
    if (problem || !answer) {
      const message = problem ?? `${method} ${url}: no answer`;
      reportViolation(message);
      throw new Error(`mockFetch: ${message}`);
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', xhrAnsweredBy(fetchMock));
  return { calls, fetchMock };
}

/**
 * An XMLHttpRequest answered by the fake fetch: the whole body reported sent at once, then the answer.
 * (A test that wants the upload halfway stubs its own.)
 */
function xhrAnsweredBy(fetchMock: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    abort() {
      this.onabort?.();
    }
    send(body?: string | FormData | null) {
      const size = typeof body === 'string' ? body.length : 1;
      this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
      fetchMock(this.url, { method: this.method, headers: this.headers, body: body ?? undefined }).then(
        async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}
