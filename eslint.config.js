// npm run lint. The point of this file is the boundaries:
//   - no import cycles anywhere in src (import-x/no-cycle);
//   - who may import whom (import-x/no-restricted-paths zones, built below from lists: the server's domains
//     and layers, the web app's features in order);
//   - and one cost: no value import of node:http in the server (see src/server/http/server.ts).
// Everything else is the light recommended sets; no type-aware rules, so a full run stays fast.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ─── The server's layout ───────────────────────────────────────────────────────────────────────────
// A domain owns its tables and is reached from other domains only through its service.ts.
// A new domain is one more name here (a folder that is not listed yet is harmless).
const DOMAINS = ['users', 'auth', 'catalog', 'orders', 'payments', 'reviews', 'contact', 'audit', 'limits', 'fitment', 'mail', 'media', 'invoices', 'cart', 'lists',
  // The checkout (issue 60)
  'addresses', 'shipping-tax',
  // After the sale (issue 61)
  'returns',
  // Trade accounts (issue 63)
  'companies', 'price-lists',
];
// The folders of src/server that are not domains.
const LAYERS = {
  db: 'connection, schema types, migrations, migrate, startup lock, db errors — imports no domain, flow, seed or http',
  http: 'errors, security, response cache, access control — imports no domain, flow or seed',
  flows: 'orchestrators spanning domains (and the routes of such endpoints) — may import domains',
  seed: 'demo data — may import domains and flows',
  test: 'test helpers (not linted for layering)',
  system: 'process-level tests and helpers (not linted for layering)',
};
// Every folder of src/server must be classified, so a new folder cannot slip past the zones unnoticed.
const unclassified = readdirSync(new URL('./src/server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !DOMAINS.includes(entry.name) && !(entry.name in LAYERS))
  .map((entry) => entry.name);
if (unclassified.length > 0) {
  throw new Error(
    `eslint.config.js: src/server/${unclassified.join(', src/server/')} is neither in DOMAINS nor in LAYERS — add it to one of them`,
  );
}

const S = 'src/server';
const domainDirs = DOMAINS.map((d) => `${S}/${d}`);
const entryPoints = [`${S}/app.ts`, `${S}/main.ts`, `${S}/jobs.ts`];

const serverZones = [
  {
    target: `${S}/db`,
    from: [...domainDirs, `${S}/flows`, `${S}/seed`, `${S}/http`, ...entryPoints],
    message: 'src/server/db is the bottom layer: it imports no domain, flow, seed, http module or app/main.',
  },
  {
    target: `${S}/http`,
    from: [...domainDirs, `${S}/flows`, `${S}/seed`, ...entryPoints],
    message: 'src/server/http is below the domains: it imports no domain, flow, seed or app/main.',
  },
  {
    target: domainDirs,
    from: [`${S}/flows`, `${S}/seed`, ...entryPoints],
    message: 'A domain never imports flows, seed, app.ts or main.ts (they sit above the domains).',
  },
  // One zone per ordered pair of domains: A may import only B/service.ts.
  ...DOMAINS.flatMap((a) =>
    DOMAINS.filter((b) => b !== a).map((b) => ({
      target: `${S}/${a}`,
      from: `${S}/${b}`,
      except: ['./service.ts'],
      message: `The ${a} domain reaches the ${b} domain only through src/server/${b}/service.ts.`,
    })),
  ),
  {
    target: `${S}/flows`,
    from: [`${S}/seed`, ...entryPoints],
    message: 'Flows never import seed, app.ts or main.ts.',
  },
  {
    target: `${S}/seed`,
    from: entryPoints,
    message: 'Seed may import domains and flows, never app.ts or main.ts.',
  },
];

const sharedZones = [
  {
    target: 'src/shared',
    from: ['src/server', 'src/web'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
];

// ─── The web app's features ────────────────────────────────────────────────────────────────────────
// Features import each other in one direction only: a feature may import the features listed before it,
// never one listed after it, so the dependencies between features read top to bottom here. Pages that
// compose several features sit in the higher one (the home page in content, the cart's checkout in cart);
// what every feature needs lives below all of them, in src/web/lib and src/web/components. A new feature
// is one more name here, placed after the features it uses.
const FEATURE_ORDER = [
  'auth', // the signed-in user (useAuth), the sign-in pages and where to return after them
  'checkout', // addresses, the quote (shipping and tax) and its panels: used by the order modal, the cart and the product page
  'fitment', // vehicles, the garage, what a part fits
  'catalog', // parts for sale: lists, product page, quantities and price tiers
  'reviews',
  'content', // the home page and the contact form and messages
  'account', // the profile, password and sessions
  'orders', // placing, paying and following orders
  'company', // trade accounts (issue 63): a buyer's company, its members and invitations, its orders and their approval
  'returns', // after the sale: a buyer's returns, the staff's Returns page and fitment-quality list
  'lists', // saved parts lists (issue 65): the cart saves to them and they fill it
  'cart', // the cart and its checkout
  'quick-order',
  'admin',
  'trade-admin', // the staff's companies and price lists (issue 63): the overview filters by company
  'overview',
  'inbox', // the staff's contact messages and their threads (issue 62)
  'back-office', // the staff home (issue 62): what needs doing, and the menu's Inbox badge
];
const unlistedFeatures = readdirSync(new URL('./src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !FEATURE_ORDER.includes(entry.name))
  .map((entry) => entry.name);
if (unlistedFeatures.length > 0) {
  throw new Error(`eslint.config.js: src/web/features/${unlistedFeatures.join(', src/web/features/')} is not in FEATURE_ORDER — add it there`);
}
const F = 'src/web/features';
const featureZones = FEATURE_ORDER.map((feature, rank) => ({
  target: `${F}/${feature}`,
  from: FEATURE_ORDER.slice(rank + 1).map((higher) => `${F}/${higher}`),
  message: `The ${feature} feature imports only the features listed before it in FEATURE_ORDER (eslint.config.js).`,
})).filter((zone) => zone.from.length > 0);

const webZones = [
  { target: 'src/web', from: 'src/server', message: 'The web app never imports server code (share it through src/shared).' },
  ...featureZones,
  {
    target: 'src/web/components',
    from: ['src/web/features', 'src/web/app'],
    message: 'src/web/components is shared UI only: it imports no feature and not the app shell.',
  },
  {
    target: 'src/web/lib',
    from: ['src/web/features', 'src/web/app', 'src/web/components'],
    message: 'src/web/lib is the bottom of the web app: it imports no feature, component or the app shell.',
  },
];

const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones }] });

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', 'coverage/', 'backups/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        // Resolves the `.js` specifiers of the sources to their .ts/.tsx files, with each half's tsconfig.
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.web.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // If an import stops resolving, every zone below silently stops applying to it: fail instead.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  { files: ['src/shared/**/*.ts'], rules: restrictedPaths(sharedZones) },
  { files: ['src/web/**/*.{ts,tsx}'], rules: restrictedPaths(webZones) },
  {
    // Tests and the test harness sit above the layers (they drive the whole app), so the server layering
    // applies to the production sources only.
    files: [`${S}/**/*.ts`],
    ignores: ['**/*.test.ts', `${S}/test/**`, `${S}/system/**`],
    rules: {
      ...restrictedPaths(serverZones),
      // Not a boundary, a cost: see src/server/http/server.ts.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:http',
              allowTypeImports: true,
              message: "Importing node:http's values loads Node's fetch client (undici) into the server: use process.getBuiltinModule('node:http').",
            },
          ],
        },
      ],
    },
  },
  {
    // Not boundaries: leave style and taste out of this lint.
    rules: {
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
