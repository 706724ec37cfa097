import type { AuthResponse, User } from '../../shared/api.js';
import { apiFetch } from './client.js';

export const authApi = {
  login: (body: { email: string; password: string }) =>
    apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body, auth: false }),
  register: (body: { name: string; email: string; password: string }) =>
    apiFetch<AuthResponse>('/api/auth/register', { method: 'POST', body, auth: false }),
  logout: () => apiFetch<void>('/api/auth/logout', { method: 'POST' }),
  me: (signal?: AbortSignal) => apiFetch<User>('/api/me', { signal }),
};
