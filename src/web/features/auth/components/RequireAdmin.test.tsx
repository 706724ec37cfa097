import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { customer, fakeAuth, mockFetch } from '../../../test/render.js';
import { AuthContext } from '../auth-context.js';
import { RequireAdmin } from './RequireAdmin.js';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>Login page, from {from}</p>;
}

function renderAt(auth: ReturnType<typeof fakeAuth>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={['/dashboard/make-admin']}>
          <Routes>
            <Route element={<RequireAdmin />}>
              <Route path="/dashboard/make-admin" element={<p>Admin page</p>} />
            </Route>
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

describe('RequireAdmin', () => {
  it('lets an admin in', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { admin: true } }));
    renderAt(fakeAuth({ user: { ...customer, role: 'admin' } }));
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/admin/customer%40partsmith.example');
  });

  it('signs a non-admin out and sends them to login, keeping the origin', async () => {
    mockFetch(() => ({ status: 200, body: { admin: false } }));
    const auth = fakeAuth({ user: customer });
    renderAt(auth);
    expect(await screen.findByText('Login page, from /dashboard/make-admin')).toBeInTheDocument();
    await waitFor(() => expect(auth.signOutLocally).toHaveBeenCalled());
    expect(screen.queryByText('Admin page')).not.toBeInTheDocument();
  });
});
