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
  /** The answer's JSON as sent: an answer that is not the error shape (a refused import's report) is kept here. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (a file upload) is sent as it is, multipart. */
  body?: unknown;
  /** Send a string `body` as it is, with this Content-Type (a CSV file), instead of as JSON. */
  contentType?: string;
  signal?: AbortSignal;
  /** Send the stored token (default true). Login and register send none. */
  auth?: boolean;
  /** More request headers (e.g. an order's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Give up after this long without an answer: an ApiError with status 0 and code 'timeout'. */
  timeoutMs?: number;
  /** Told how much of the body has been sent (0 to 1): the request goes by XMLHttpRequest, the one way a browser reports it. */
  onUploadProgress?: (sent: number) => void;
}

/** fetch's request by XMLHttpRequest, answered as fetch answers, telling `onUploadProgress` how much of the body has gone. */
function fetchReportingUpload(path: string, init: RequestInit & { headers: Record<string, string> }, onUploadProgress: (sent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'GET', path);
    for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.status === 204 ? null : request.responseText;
      resolve(new Response(body, { status: request.status, headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? '' } }));
    };
    request.onerror = () => reject(new TypeError('Network request failed'));
    request.onabort = () => reject(init.signal?.reason ?? new DOMException('The request was aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => request.abort());
    request.send(init.body as XMLHttpRequestBodyInit | null | undefined);
  });
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

/** Calls `/api` with the stored token; no answer, or an error status, is thrown as an `ApiError`. */
async function send(path: string, options: ApiFetchOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, contentType, signal, auth = true, timeoutMs, onUploadProgress } = options;
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData's Content-Type (multipart, with its boundary) is the browser's to set.
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = contentType ?? 'application/json';

  let response: Response;
  try {
    const init = {
      method,
      headers,
      body: body === undefined || body instanceof FormData ? body : contentType && typeof body === 'string' ? body : JSON.stringify(body),
      signal: timeoutMs === undefined ? signal : AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]),
    };
    response = onUploadProgress ? await fetchReportingUpload(path, init, onUploadProgress) : await fetch(path, init);
  } catch (cause) {
    // An abort (the caller's signal) or a time-out is a DOMException, named so.
    const name = typeof cause === 'object' && cause !== null ? (cause as { name?: unknown }).name : undefined;
    if (name === 'AbortError') throw cause;
    throw new ApiError(0, name === 'TimeoutError' ? 'timeout' : 'network', messages.ui.networkError);
  }

  if (!response.ok) {
    if (response.status === 401 && token) {
      setToken(null);
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    const data = parseJson(await response.text());
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields, data);
    }
    throw new ApiError(response.status, 'http_error', errorMessages.internal, undefined, data);
  }
  return response;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Typed fetch for `/api`: JSON in and out, Bearer token when one is stored, errors as `ApiError`. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  return parseJson(await response.text()) as T;
}

/** A file from `/api` (a CSV export) byte for byte, a BOM included, with the same token and errors as `apiFetch`. */
export async function apiFile(path: string, options: ApiFetchOptions = {}): Promise<Blob> {
  return (await send(path, options, '*/*')).blob();
}

/** `encodeURIComponent` for path segments (e-mails contain `@` and `+`). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
