/** Configuration from the environment, validated once at start with a message that names the bad variable. */
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value)));

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().optional().default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).optional().default(3000),
    HOST: z.string().min(1).optional().default('127.0.0.1'),
    DATABASE_URL: z.string().min(1).optional().default('data/shop.db'),
    ADMIN_EMAIL: z.email().transform((e) => e.toLowerCase()).optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    SEED_DEMO: flag(true),
    SESSION_TTL_HOURS: positiveInt(24 * 7),
    LOGIN_RATE_LIMIT: positiveInt(20),
    LOGIN_ACCOUNT_FAILURES: positiveInt(10),
    BODY_LIMIT_BYTES: positiveInt(100 * 1024),
    WEB_DIST: z.string().min(1).optional().default('dist/web'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  sessionTtlMs: number;
  loginRateLimitPerMinute: number;
  loginFailuresPerAccount: number;
  bodyLimitBytes: number;
  webDist: string;
  logLevel: string;
}

export class ConfigError extends Error {}

/** `postgres://…` selects PostgreSQL; anything else is an SQLite file (`sqlite:` / `file:` prefixes allowed). */
export function parseDatabaseUrl(url: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: url.replace(/^(sqlite|file):(\/\/)?/, '') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: parseDatabaseUrl(e.DATABASE_URL),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    loginFailuresPerAccount: e.LOGIN_ACCOUNT_FAILURES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
  };
}
