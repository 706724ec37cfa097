import { PRERENDERED_PAGES, prerenderedFile } from '../../shared/page-html.js';
import { renderPage, renderPages } from './prerender.js';

const HERO_PRELOAD = '<link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high" data-home-only />';
const INDEX_HTML = `<!doctype html>\n<html lang="en">\n  <head>\n    ${HERO_PRELOAD}\n    <title>Partsmith</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>`;

describe('the pages prerendered at build time', () => {
  it('render a page as a visitor first sees it, its title apart, inert and its controls disabled', async () => {
    const page = await renderPage('/allProducts');
    expect(page.title).toBe('All Products – Partsmith');
    expect(page.body).toMatch(/^<fieldset disabled="" inert="" class="contents">/);
    expect(page.body).toContain('<h1 class="text-3xl font-extrabold tracking-tight text-slate-900">All Products</h1>');
    expect(page.body).toContain('Genuine parts straight from our factory, sold in bulk.');
    // Nothing is known yet: no account, no parts.
    expect(page.body).toContain('>Login</a>');
    expect(page.body).toContain('Loading products');
    expect(page.body).not.toContain('<title>');
  });

  it('write each page into index.html: its title in the head, its body in the root, the hero preloaded on the home page only', async () => {
    const pages = await renderPages(INDEX_HTML);
    expect([...pages.keys()]).toEqual(PRERENDERED_PAGES.map(prerenderedFile));
    expect(prerenderedFile('/')).toBe('pages/index.html');
    expect(prerenderedFile('/allProducts')).toBe('pages/allProducts.html');

    const home = pages.get('pages/index.html')!;
    expect(home).toContain(HERO_PRELOAD);
    expect(home).toContain('<title>Partsmith – Genuine car parts from the manufacturer</title>');
    expect(home).toMatch(/<div id="root"><fieldset disabled="" inert="" class="contents">.*Purshase Now.*<\/fieldset><\/div>/s);

    // Whole, and nothing the Content-Security-Policy refuses: no inline script (to move a part in), no inline style.
    for (const [file, html] of pages) expect(html, file).not.toMatch(/<script|<template|hidden id=| style=/);
    expect(pages.get('pages/blogs.html')).toContain('Read more');

    const about = pages.get('pages/about.html')!;
    expect(about).not.toContain('hero.svg');
    expect(about).toContain('<title>About us – Partsmith</title>');
    expect(about).not.toContain('<title>Partsmith</title>');
    expect(about).toContain('<h1 class="text-3xl font-extrabold tracking-tight text-slate-900">About us</h1>');
  });
});
