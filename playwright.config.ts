import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh SQLite file per run. The config is evaluated again in each worker; the environment set here
// by the runner is inherited by the workers, so they all agree on the same file (the admin test writes to it).
process.env.E2E_DB_FILE ??= join(tmpdir(), `partsmith-e2e-${Date.now()}-${process.pid}.db`);
process.env.E2E_PORT ??= '4310';
// Pictures uploaded by the admin tests, kept out of the working tree's data/.
process.env.E2E_UPLOAD_DIR ??= join(tmpdir(), `partsmith-e2e-uploads-${Date.now()}-${process.pid}`);

process.env.E2E_OIDC_PORT ??= '4311';
// The demo accounts' password for the shop started below (the tests sign in with it, e2e/helpers.ts).
process.env.E2E_DEMO_PASSWORD ??= 'e2e-demo-password';

// A second shop without Google sign-in (e2e/google.spec.ts), on its own port and its own database file.
process.env.E2E_NO_GOOGLE_DB_FILE ??= join(tmpdir(), `partsmith-e2e-no-google-${Date.now()}-${process.pid}.db`);
process.env.E2E_NO_GOOGLE_PORT ??= '4312';

// The loopback mail sink (e2e/mail-sink.ts): the shop sends real e-mail to its SMTP port, the tests read
// what arrived from its HTTP port (e2e/helpers.ts, newestMail).
process.env.E2E_MAIL_SMTP_PORT ??= '4313';
process.env.E2E_MAIL_HTTP_PORT ??= '4314';

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const oidcPort = Number(process.env.E2E_OIDC_PORT);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
const noGooglePort = Number(process.env.E2E_NO_GOOGLE_PORT);
const noGoogleURL = `http://127.0.0.1:${noGooglePort}`;
const mailSmtpPort = Number(process.env.E2E_MAIL_SMTP_PORT);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT);

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      // A local OpenID provider standing in for Google ("Continue with Google"), see e2e/oidc-provider.ts.
      command: `npx tsx e2e/oidc-provider.ts`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      // Started before the shop, which sends its e-mail here (SMTP_URL below).
      command: 'npx tsx e2e/mail-sink.ts',
      url: `http://127.0.0.1:${mailHttpPort}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_SINK_SMTP_PORT: String(mailSmtpPort), MAIL_SINK_HTTP_PORT: String(mailHttpPort) },
    },
    {
      command: 'npm run build:web && npx tsx src/server/main.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: process.env.E2E_DB_FILE,
        UPLOAD_DIR: process.env.E2E_UPLOAD_DIR,
        SEED_DEMO: '1',
        DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
        WEB_DIST: 'dist/web',
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // Card payments through the built-in test processor (Stripe.js cannot load offline).
        PAYMENTS: 'test',
        // "Continue with Google" against the local provider above.
        GOOGLE_CLIENT_ID: 'partsmith-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        PUBLIC_URL: baseURL,
        OIDC_ISSUER: oidcIssuer,
        // Real e-mail, to the sink above; links in it point at PUBLIC_URL.
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        MAIL_FROM: 'Partsmith <shop@partsmith.example>',
        MAIL_SEND_EVERY: '200ms',
      },
    },
    {
      // The same built storefront (no rebuild): Playwright starts the web servers one after the other, each
      // once the one before answers its `url`, so the build above has finished when this one starts.
      command: 'npx tsx src/server/main.ts',
      url: `${noGoogleURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(noGooglePort),
        HOST: '127.0.0.1',
        DATABASE_URL: process.env.E2E_NO_GOOGLE_DB_FILE,
        SEED_DEMO: '0',
        WEB_DIST: 'dist/web',
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        PAYMENTS: 'test',
        // No Google client, whatever the shell running the tests has set.
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
        PUBLIC_URL: noGoogleURL,
      },
    },
  ],
});
