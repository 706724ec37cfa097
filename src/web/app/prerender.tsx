/**
 * The pages whose first view is the same for every visitor (PRERENDERED_PAGES), rendered at build time
 * into their HTML (scripts/prerender-web.mjs): the page shows as soon as its HTML and stylesheet arrive,
 * instead of after its scripts, its page code and React's first render. main.tsx's render then replaces it
 * with the live page. Until then it is a picture of the page: inert (a click on a link would load the page
 * anew, a search typed would be lost), its controls disabled.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { pageHtml, PRERENDERED_PAGES, prerenderedFile } from '../../shared/page-html.js';
import { createQueryClient, Providers } from './providers.js';
import { AppRoutes } from './router.js';

/** A page as a visitor's first render shows it before anything is known: no data, no account, no garage. */
export async function renderPage(path: string): Promise<{ title: string; body: string }> {
  const { prelude } = await prerender(
    <fieldset disabled inert className="contents">
      <StaticRouter location={path}>
        <Providers client={createQueryClient()}>
          <AppRoutes />
        </Providers>
      </StaticRouter>
    </fieldset>,
    // Every part in place: a long page's sections would otherwise come last, moved in by inline scripts.
    { progressiveChunkSize: Infinity },
  );
  const html = await new Response(prelude).text();
  // React hoists what a page puts in the head (its <title>, an image's preload) before the body.
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (!title) throw new Error(`${path} names no title`);
  // The shop's Content-Security-Policy runs no inline script and applies no inline style.
  if (/<script|<template| style=/.test(html)) throw new Error(`${path} holds what the Content-Security-Policy refuses`);
  return { title, body: html.slice(html.indexOf('<fieldset')) };
}

/** Every prerendered page's HTML, by its file in the built storefront. */
export async function renderPages(indexHtml: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const path of PRERENDERED_PAGES) pages.set(prerenderedFile(path), pageHtml(indexHtml, path, await renderPage(path)));
  return pages;
}
