/**
 * System-test helpers: real server processes (`node --import tsx src/server/main.ts`, exactly what
 * production runs, minus the build) on free loopback ports, against one fresh database shared by all of
 * them: an SQLite file in a temp folder, or, when TEST_POSTGRES_URL is set, a new PostgreSQL database
 * (src/server/test/databases.ts).
 *
 * Every process started here is remembered and killed by `killAllServers()` (call it in afterAll) and,
 * as a last resort, when the test worker exits. No vitest import: this file also type-checks for the
 * server build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';

// ---- server processes ------------------------------------------------------

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL (a crash), then wait for the exit. */
  crash: () => Promise<void>;
  /** SIGTERM (a deploy, a scale-down), then wait for the exit. */
  terminate: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Kills (SIGKILL) every server process this worker started that is still running. */
export async function killAllServers(): Promise<void> {
  const waits = [...running].map(
    (child) =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGKILL');
      }),
  );
  await Promise.all(waits);
  running.clear();
}

export interface StartOptions {
  databaseUrl: string;
  /** More environment for this server (Stripe keys, expiry settings, …). */
  env?: Record<string, string>;
  /** The entry file, relative to the repository. */
  entry?: string;
  readyTimeoutMs?: number;
}

/** The environment every system-test server gets; nothing is inherited but PATH and HOME. */
function baseEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    LOGIN_RATE_LIMIT: '100000',
    MAX_UNPAID_ORDERS: '100000',
    UNPAID_HOLD_MAX_VALUE: '1000000000',
    UNPAID_HOLD_MAX_SHARE: '100',
    ORDER_RATE_LIMIT: '100000',
    MAIL_UNCONFIRMED_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
}

/**
 * Starts one server process on a free 127.0.0.1 port and waits until /api/health answers 200. A port
 * taken between choosing and listening (EADDRINUSE) is retried with another one.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startOn(port, options);
    } catch (error) {
      if (attempt < 3 && /EADDRINUSE/.test(String(error))) continue;
      throw error;
    }
  }
}

async function startOn(port: number, options: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(port, options.databaseUrl), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      done({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 45_000);
  for (;;) {
    if (hasExited) throw new Error(`server on port ${port} exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on port ${port} was not ready in time:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }

  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (!hasExited) child.kill(signal);
    return exited;
  };
  return {
    port,
    url,
    child,
    pid: child.pid!,
    output: () => output,
    exited,
    crash: async () => {
      await signalAndWait('SIGKILL');
    },
    terminate: () => signalAndWait('SIGTERM'),
  };
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---- HTTP ------------------------------------------------------------------

export interface Answer {
  status: number;
  /** The parsed JSON answer (any route's shape), null when the answer is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every route's answer, read field by field by the tests
  body: any;
  text: string;
}

/** One JSON request; network errors reject (the caller decides whether that is allowed). */
export async function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + path, { method, headers, body: payload, signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  return { status: response.status, body: parseJsonOrNull(text), text };
}

function parseJsonOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export async function mustRequest(base: string, method: string, path: string, options: Parameters<typeof request>[3] = {}, expected = [200, 201, 204]) {
  const answer = await request(base, method, path, options);
  if (!expected.includes(answer.status)) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  return answer;
}

let accounts = 0;
/** Registers a customer through the API of `base`; returns the token and the e-mail. */
export async function registerThrough(base: string, name = 'System Customer') {
  accounts += 1;
  const email = `system${accounts}.${randomBytes(4).toString('hex')}@example.com`;
  const { body } = await mustRequest(base, 'POST', '/api/auth/register', { body: { name, email, password: 'secret-password' } });
  return { token: body.token as string, email, id: Number(body.user._id) };
}

export const TEST_CARD = { number: '4242424242424242', expiry: '12 / 40', cvc: '123' };
