import { errorMessages, messages } from '../../shared/messages.js';

export const TOKEN_KEY = 'token';
/** Fired on window when an authenticated call answers 401: the stored token is no longer valid. */
export const UNAUTHORIZED_EVENT = 'partsmith:unauthorized';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/** The server's error shape `{ error: { code, message, fields? } }`, as an Error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored token (default true). Login and register send none. */
  auth?: boolean;
  /** More request headers (e.g. an order's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Give up after this long without an answer: an ApiError with status 0 and code 'timeout'. */
  timeoutMs?: number;
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string; fields?: Record<string, string> } } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Typed fetch for `/api`: JSON in and out, Bearer token when one is stored, errors as `ApiError`. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, auth = true, timeoutMs } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeoutMs === undefined ? signal : AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]),
    });
  } catch (cause) {
    // An abort (the caller's signal) or a time-out is a DOMException, named so.
    const name = typeof cause === 'object' && cause !== null ? (cause as { name?: unknown }).name : undefined;
    if (name === 'AbortError') throw cause;
    throw new ApiError(0, name === 'TimeoutError' ? 'timeout' : 'network', messages.ui.networkError);
  }

  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && token) {
      setToken(null);
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    }
    throw new ApiError(response.status, 'http_error', errorMessages.internal);
  }
  return data as T;
}

/** `encodeURIComponent` for path segments (e-mails contain `@` and `+`). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
