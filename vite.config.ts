import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command }) => ({
  root: here('./src/web'),
  publicDir: here('./src/web/public'),
  plugins: [react(), tailwindcss()],
  // React Router's package points every import at its development build (remix-run/react-router#12532,
  // #14102): its warnings, and checks a visitor's browser runs on every page. The build takes its
  // production build instead; the dev server and the tests keep the warnings.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') }] } : {},
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    // Content-hashed asset names are Vite's default (assets/[name]-[hash].js).
    chunkSizeWarningLimit: 600,
    // Every browser the shop supports knows <link rel="modulepreload">; the polyfill would only add bytes
    // to the home page's entry. (Budget: scripts/bundle-size.mjs, `npm run bench:bundle`.)
    modulePreload: { polyfill: false },
    // Everything the home page loads at first paint in one chunk: left to automatic splitting, each set of
    // lazy pages sharing a few of those modules got a chunk of its own, and the home page paid every chunk's
    // wrapper and a fresh gzip dictionary (4.5 kB gzip of the budget). Lazy pages import from this chunk.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'home', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
}));
