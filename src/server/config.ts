/** Configuration from the environment, validated once at start with a message that names the bad variable. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { STOCK_MAX } from '../shared/schemas.js';
import { isCountryCode, regionProblem } from '../shared/geography.js';
import { parseVatId } from '../shared/vat-id.js';
import { DEFAULT_CORE_RETURN_DAYS, DEFAULT_RETURN_WINDOW_DAYS } from '../shared/returns.js';
import { REVIEW_MODERATION_MODES, type ReviewModerationMode } from '../shared/back-office.js';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value)));

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().optional().default(fallback);

const HOUR_INVALID = 'must be an hour from 0 to 23';
// Google sign-in (OpenID Connect). An empty variable counts as unset.
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** http://127.0.0.1, http://localhost, http://[::1]: the only places a plain-http OpenID provider is allowed. */
export function isLoopbackUrl(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** HOST values that only this machine can reach: where demo accounts may exist (seed/seed.ts). */
export function isLoopbackHost(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host.toLowerCase());
}

const httpUrlSetting = (example: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .refine((value) => parseHttpUrl(value) !== null, `must be an http(s) URL, e.g. ${example}`)
      .refine((value) => !/[?#]/.test(value), 'must not have a query or a fragment')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  );

type GoogleEnv = { GOOGLE_CLIENT_ID?: string; GOOGLE_CLIENT_SECRET?: string; PUBLIC_URL?: string; OIDC_ISSUER: string };

function checkGoogleEnv(env: GoogleEnv, ctx: z.RefinementCtx): void {
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
      message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    });
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'Google sign-in needs PUBLIC_URL, the address browsers use for this shop (e.g. https://shop.example.com)',
    });
  }
  const issuer = parseHttpUrl(env.OIDC_ISSUER);
  if (issuer && issuer.protocol === 'http:' && !isLoopbackUrl(issuer)) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER'],
      message: 'must be an https URL (plain http only for a local test provider on 127.0.0.1 or localhost)',
    });
  }
}

type S3Env = { S3_BUCKET?: string; S3_PUBLIC_URL?: string; S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string };

function checkS3Env(env: S3Env, ctx: z.RefinementCtx): void {
  if (env.S3_BUCKET && !env.S3_PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_PUBLIC_URL'],
      message: 'S3_BUCKET needs S3_PUBLIC_URL, the address browsers load the pictures from (e.g. https://pictures.example.com)',
    });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    });
  }
}

/** An IP address, an address/prefix (CIDR), or proxy-addr's named range 'loopback'. */
function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback') return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const UNITS_INVALID = 'must be a whole number of units, 0 or more (e.g. 10)';
const SHARE_INVALID = 'must be a whole percentage from 1 to 100 (e.g. 50)';
const DAYS_INVALID = 'must be a whole number of days, 1 or more (e.g. 30)';
const days = (fallback: number) =>
  z.preprocess(blankAsUnset, z.coerce.number({ error: DAYS_INVALID }).int(DAYS_INVALID).min(1, DAYS_INVALID).optional().default(fallback));

/** A time zone name the runtime knows (IANA: America/New_York, Europe/Berlin, UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's own spelling: america/new_york → America/New_York. */
const canonicalTimeZone = (name: string) => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** "24h", "30m", "90s", "1d" or "500ms", as milliseconds. */
const duration = (fallback: string) =>
  z
    .string()
    .optional()
    .default(fallback)
    .refine((value) => /^\d+(ms|s|m|h|d)$/.test(value), 'must be a duration like 24h, 30m, 90s or 1d')
    .transform((value) => {
      const [, amount, unit] = value.match(/^(\d+)(ms|s|m|h|d)$/)!;
      return Number(amount) * DURATION_UNITS[unit as keyof typeof DURATION_UNITS];
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).optional().default(3000),
    HOST: z.string().min(1).optional().default('127.0.0.1'),
    DATABASE_URL: z.string().min(1).optional().default('data/shop.db'),
    ADMIN_EMAIL: z.email().transform((e) => e.toLowerCase()).optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    SEED_DEMO: flag(true),
    DEMO_PASSWORD: z.preprocess(blankAsUnset, z.string().min(6, 'must be at least 6 characters').optional()),
    SESSION_TTL_HOURS: positiveInt(24 * 7),
    LOGIN_RATE_LIMIT: positiveInt(20),
    LOGIN_ACCOUNT_FAILURES: positiveInt(10),
    BODY_LIMIT_BYTES: positiveInt(100 * 1024),
    WEB_DIST: z.string().min(1).optional().default('dist/web'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
    PAYMENTS: z.enum(['stripe', 'test']).optional(),
    UNPAID_ORDER_TTL: duration('30m'),
    EXPIRY_CHECK_EVERY: duration('1m'),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value): false | string[] => {
        const text = (value ?? '').trim();
        if (['', 'false', '0', 'no', 'off'].includes(text)) return false;
        return text.split(',').map((address) => address.trim()).filter(Boolean);
      })
      .refine(
        (list) => list === false || list.every(isProxyAddress),
        "must be the load balancer's address(es), e.g. 10.0.0.5 or 10.0.0.0/24 (comma-separated), or loopback; never true, which would let any client choose its own address",
      ),
    SMTP_URL: z.preprocess(
      blankAsUnset,
      z.string().trim().regex(/^smtps?:\/\/[^\s]+$/, 'must be an SMTP URL, e.g. smtp://user:password@mail.example.com:587 or smtps://…:465').optional(),
    ),
    MAIL_FROM: z.preprocess(blankAsUnset, z.string().trim().max(200).optional()),
    SHOP_NAME: z.preprocess(blankAsUnset, z.string().trim().max(100).optional().default('Partsmith')),
    HOME_FIGURES: z.preprocess(blankAsUnset, z.enum(['static', 'live']).optional().default('static')),
    // Line breaks may be written as a literal \n (one-line env files).
    SHOP_ADDRESS: z.preprocess(
      blankAsUnset,
      z.string().trim().max(500).optional().default('100 Foundry Road\nSpringfield, IL 62701\nUnited States').transform((text) => text.replace(/\\n/g, '\n')),
    ),
    SHOP_EMAIL: z.preprocess(blankAsUnset, z.email('must be an e-mail address, e.g. orders@example.com').optional().default('')),
    SHOP_TIME_ZONE: z.preprocess(
      blankAsUnset,
      z.string().trim().refine(isTimeZone, 'must be an IANA time zone, e.g. America/New_York or Europe/Berlin').transform(canonicalTimeZone).optional().default('UTC'),
    ),
    MAIL_SEND_EVERY: duration('5s'),
    MAIL_UNCONFIRMED_PER_HOUR: positiveInt(10),
    MAX_UNPAID_ORDERS: positiveInt(5),
    UNPAID_HOLD_MAX_VALUE: positiveInt(50_000),
    UNPAID_HOLD_MAX_SHARE: z.coerce.number({ error: SHARE_INVALID }).int(SHARE_INVALID).min(1, SHARE_INVALID).max(100, SHARE_INVALID).optional().default(50),
    ORDER_RATE_LIMIT: positiveInt(30),
    REQUEST_TIMEOUT: duration('30s'),
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional().default(1000),
    LOW_STOCK_THRESHOLD: z.preprocess(
      blankAsUnset,
      z.coerce.number({ error: UNITS_INVALID }).int(UNITS_INVALID).min(0, UNITS_INVALID).max(STOCK_MAX, UNITS_INVALID).optional().default(10),
    ),
    LOW_STOCK_DIGEST_HOUR: z.preprocess(
      blankAsUnset,
      z.coerce.number({ error: HOUR_INVALID }).int(HOUR_INVALID).min(0, HOUR_INVALID).max(23, HOUR_INVALID).optional().default(7),
    ),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((list) => (list ?? '').split(',').map((o) => o.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' }))),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
    STRIPE_API_BASE: z.url().optional(),
    PUBLIC_URL: httpUrlSetting('https://shop.example.com'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: httpUrlSetting('https://accounts.google.com').transform((value) => value ?? 'https://accounts.google.com'),
    UPLOAD_DIR: z.string().min(1).optional().default('data/uploads'),
    S3_BUCKET: optionalText,
    S3_REGION: z.preprocess(blankAsUnset, z.string().trim().optional().default('us-east-1')),
    S3_ENDPOINT: httpUrlSetting('https://s3.eu-central-1.amazonaws.com'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: httpUrlSetting('https://pictures.example.com'),
    S3_FORCE_PATH_STYLE: flag(false),
    VIN_DECODER: z.enum(['offline', 'nhtsa']).optional().default('offline'),
    VIN_DECODER_URL: httpUrlSetting('https://vpic.nhtsa.dot.gov/api').transform((value) => value ?? 'https://vpic.nhtsa.dot.gov/api'),
    VIN_RATE_LIMIT: positiveInt(30),
    REVIEW_RATE_LIMIT: positiveInt(3),
    // The checkout (issue 60): where the shop is, for tax.
    SHOP_COUNTRY: z.preprocess(
      blankAsUnset,
      z.string().trim().toUpperCase().refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code, e.g. US or DE').optional().default('US'),
    ),
    SHOP_REGION: z.preprocess(blankAsUnset, z.string().trim().toUpperCase().optional()),
    SHOP_VAT_ID: z.preprocess(
      blankAsUnset,
      z.string().trim().refine((text) => parseVatId(text) !== null, 'must be an EU VAT ID with its country prefix, e.g. DE136695976').optional(),
    ),
    VAT_CHECK: z.preprocess(blankAsUnset, z.enum(['format', 'vies']).optional().default('format')),
    // After the sale (issue 61): days after its shipment in which a unit, and an old unit for its core deposit, may come back.
    RETURN_WINDOW_DAYS: days(DEFAULT_RETURN_WINDOW_DAYS),
    CORE_RETURN_DAYS: days(DEFAULT_CORE_RETURN_DAYS),
    // The back office (issue 62): reviews held for approval or published at once; who hears of a new contact message (default: the admins).
    REVIEW_MODERATION: z.preprocess(blankAsUnset, z.enum(REVIEW_MODERATION_MODES, { error: 'must be before (held for approval) or after (published at once)' }).optional().default('before')),
    STAFF_EMAIL: z
      .string()
      .optional()
      .transform((list) => (list ?? '').split(',').map((address) => address.trim()).filter(Boolean))
      .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' }))),
    VIES_URL: httpUrlSetting('https://ec.europa.eu/taxation_customs/vies/rest-api').transform((value) => value ?? 'https://ec.europa.eu/taxation_customs/vies/rest-api'),
  })
  .transform((env) => ({ ...env, SHOP_REGION: env.SHOP_REGION ?? (env.SHOP_COUNTRY === 'US' ? 'IL' : '') }))
  .refine((env) => regionProblem(env.SHOP_COUNTRY, env.SHOP_REGION) === null, {
    message: 'must be a region of SHOP_COUNTRY without the country prefix, e.g. IL for Illinois (US) or BY for Bavaria (DE)',
    path: ['SHOP_REGION'],
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => new Set([!env.STRIPE_SECRET_KEY, !env.STRIPE_PUBLISHABLE_KEY, !env.STRIPE_WEBHOOK_SECRET]).size === 1, {
    message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((env) => env.PAYMENTS !== 'stripe' || env.STRIPE_SECRET_KEY, {
    message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    path: ['PAYMENTS'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY || env.PAYMENTS === 'test', {
    message:
      'production takes real payments: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test to run the test card processor on purpose',
    path: ['PAYMENTS'],
  })
  .superRefine(checkGoogleEnv)
  .superRefine(checkS3Env);

export type PaymentsConfig =
  | { kind: 'test' }
  | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string };

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  /** The demo accounts' password when they are created; unset, a random one (printed then). */
  demoPassword?: string;
  sessionTtlMs: number;
  loginRateLimitPerMinute: number;
  loginFailuresPerAccount: number;
  bodyLimitBytes: number;
  webDist: string;
  logLevel: string;
  payments: PaymentsConfig;
  unpaidOrderTtlMs: number;
  expiryCheckEveryMs: number;
  corsOrigins: string[];
  /** How long public catalog and review answers may be served from memory. */
  publicCacheMs: number;
  /** Whose X-Forwarded-For / -Proto to believe: the load balancer's (see docs/operations.md), else nobody's. */
  trustProxy: false | string[];
  /**
   * The shop as its e-mails and invoices name it and link to it; `address` may span lines, `email` may be empty.
   * `timeZone` (IANA) is its calendar: which day a sale falls on. `homeFigures`: whether the home page's
   * reviews and orders-completed figures are the written ones or the shop's real ones. `vatId` (SHOP_VAT_ID, may
   * be empty) is printed on invoices.
   */
  shop: { name: string; publicUrl: string; address: string; email: string; timeZone: string; homeFigures: 'static' | 'live'; vatId: string };
  /** Unset: e-mails are written to the log and kept in the outbox. */
  smtp?: { url: string; from: string };
  mailSendEveryMs: number;
  /** Messages an hour (other than confirm and reset) to an address no account has confirmed. */
  mailUnconfirmedPerHour: number;
  /** Unpaid orders one account may hold at once (each holds stock until paid or expired). */
  maxUnpaidOrders: number;
  /** What one account's unpaid orders may hold together: dollars, and percent of any part's units for sale. */
  unpaidHold: { maxValueCents: number; maxSharePercent: number };
  /** Orders one account may place in ten minutes. */
  orderRateLimit: number;
  /** A part without a reorder threshold of its own is low at or below this many units. */
  lowStockThreshold: number;
  /** The hour (0–23, shop's time zone) from which the day's low-stock digest is mailed to the admins. */
  lowStockDigestHour: number;
  /** A request must arrive whole within this (a half-sent body is cut off). */
  requestTimeoutMs: number;
  /** Set when GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and PUBLIC_URL are; otherwise Google sign-in is off. */
  google?: GoogleConfig;
  /** Where uploaded pictures are written and served from (/uploads/…), unless `s3` is set. */
  uploadDir: string;
  /** Set when S3_BUCKET is: uploaded pictures go to that bucket, for several servers to share. */
  s3?: S3Config;
  /** How a VIN is decoded: from its own characters and our WMI table, or by NHTSA's vPIC service (offline when it fails). */
  vinDecoder: VinDecoderConfig;
  /** VIN lookups per client IP per minute (each may ask the online decoder). */
  vinRateLimitPerMinute: number;
  /** Reviews one account may post an hour (every kind of review together). */
  reviewRateLimitPerHour: number;
  /** Where the shop is for tax (its country and region, its EU VAT ID), and how buyers' VAT IDs are checked. */
  checkout: CheckoutConfig;
  /** Days after the shipment that carried them in which units may be returned, and cores for their deposit. */
  returns: { windowDays: number; coreDays: number };
  /** `before`: a new review waits for an admin's approval; `after`: it is published at once. */
  reviewModeration: ReviewModerationMode;
  /** Who is e-mailed when a contact message arrives; empty: every admin. */
  staffEmails: string[];
}

export interface CheckoutConfig {
  shopCountry: string;
  shopRegion: string;
  shopVatId?: string;
  /** format: each country's format and check digits (offline); vies: those, then the EU's VIES service at `viesUrl`. */
  vatCheck: { kind: 'format' } | { kind: 'vies'; url: string };
}

export type VinDecoderConfig = { kind: 'offline' } | { kind: 'nhtsa'; url: string };

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset, AWS's own. */
  endpoint?: string;
  /** Unset: the AWS SDK's default chain (instance role, AWS_* variables, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers load the bucket's objects from (the bucket's public address or a CDN), no trailing slash. */
  publicUrl: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most S3-compatible services want this). */
  forcePathStyle: boolean;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID provider's issuer URL (discovery: `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** `${publicUrl}/api/auth/google/callback`, registered at the provider. */
  redirectUri: string;
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
    demoPassword: e.DEMO_PASSWORD,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    loginFailuresPerAccount: e.LOGIN_ACCOUNT_FAILURES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    unpaidOrderTtlMs: e.UNPAID_ORDER_TTL,
    expiryCheckEveryMs: e.EXPIRY_CHECK_EVERY,
    corsOrigins: e.CORS_ORIGINS,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    trustProxy: e.TRUST_PROXY,
    shop: { name: e.SHOP_NAME, publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, address: e.SHOP_ADDRESS, email: e.SHOP_EMAIL, timeZone: e.SHOP_TIME_ZONE, homeFigures: e.HOME_FIGURES, vatId: e.SHOP_VAT_ID ?? '' },
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.SHOP_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>` } : undefined,
    mailSendEveryMs: e.MAIL_SEND_EVERY,
    mailUnconfirmedPerHour: e.MAIL_UNCONFIRMED_PER_HOUR,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    unpaidHold: { maxValueCents: e.UNPAID_HOLD_MAX_VALUE * 100, maxSharePercent: e.UNPAID_HOLD_MAX_SHARE },
    orderRateLimit: e.ORDER_RATE_LIMIT,
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    lowStockDigestHour: e.LOW_STOCK_DIGEST_HOUR,
    requestTimeoutMs: e.REQUEST_TIMEOUT,
    payments:
      e.PAYMENTS !== 'test' && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            kind: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : { kind: 'test' },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && e.PUBLIC_URL
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER,
            publicUrl: e.PUBLIC_URL,
            redirectUri: `${e.PUBLIC_URL}/api/auth/google/callback`,
          }
        : undefined,
    uploadDir: e.UPLOAD_DIR,
    s3:
      e.S3_BUCKET && e.S3_PUBLIC_URL
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            publicUrl: e.S3_PUBLIC_URL,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    vinDecoder: e.VIN_DECODER === 'nhtsa' ? { kind: 'nhtsa', url: e.VIN_DECODER_URL } : { kind: 'offline' },
    vinRateLimitPerMinute: e.VIN_RATE_LIMIT,
    reviewRateLimitPerHour: e.REVIEW_RATE_LIMIT,
    checkout: {
      shopCountry: e.SHOP_COUNTRY,
      shopRegion: e.SHOP_REGION,
      shopVatId: e.SHOP_VAT_ID,
      vatCheck: e.VAT_CHECK === 'vies' ? { kind: 'vies', url: e.VIES_URL } : { kind: 'format' },
    },
    returns: { windowDays: e.RETURN_WINDOW_DAYS, coreDays: e.CORE_RETURN_DAYS },
    reviewModeration: e.REVIEW_MODERATION,
    staffEmails: e.STAFF_EMAIL,
  };
}
