/**
 * No folder-level import loop anywhere in src: the folders (server domains and layers, web features and
 * layers, shared) form a one-way graph. ESLint's import-x/no-cycle sees cycles between files; this sees
 * the ones between folders (a → b in one file, b → a in another). Type-only imports are left out, as
 * no-cycle leaves them out: they vanish at run time.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The folder a file belongs to: shared, server/<folder>, web/features/<feature> or web/<folder>. */
export function unitOf(file: string): string {
  const parts = relative(SRC, file).split(/[\\/]/);
  if (parts[0] === 'web' && parts[1] === 'features') return `web/features/${parts[2]}`;
  if (parts.length === 2) return `${parts[0]}/${parts[1]!.replace(/\.tsx?$/, '')}`;
  return `${parts[0]}/${parts[1]}`;
}

/** Relative module specifiers of the value (not type-only) imports and re-exports of a source text. */
export function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    const [, , typeOnly, clause = '', specifier = ''] = match;
    const named = clause.match(/\{([^}]*)\}/)?.[1];
    const allTypes = named !== undefined && !clause.replace(/\{[^}]*\}/, '').replace(/[,\s]/g, '') && named.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()));
    if (!typeOnly && !allTypes) specifiers.push(specifier);
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) specifiers.push(match[1]!);
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]!);
  return specifiers.filter((s) => s.startsWith('.'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes(`${join('server', 'test')}`) && !path.includes(join('web', 'test')) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync);
}

/** Strongly connected groups of more than one folder (Tarjan): each is a loop. */
export function loops(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('architecture: no folder-level import loops', () => {
  it('finds a loop between two folders, and ignores type-only imports (the detector can fail)', () => {
    const graph = new Map([
      ['server/orders', new Set(['server/catalog'])],
      ['server/catalog', new Set(['server/orders'])],
      ['server/flows', new Set(['server/orders'])],
    ]);
    expect(loops(graph)).toEqual([['server/catalog', 'server/orders']]);
    expect(valueImports("import type { A } from './a.js';\nimport { type B, type C } from './b.js';\nimport { D } from './d.js';\nexport { E } from './e.js';")).toEqual(['./d.js', './e.js']);
    expect(unitOf(join(SRC, 'web', 'features', 'orders', 'pages', 'MyOrdersPage.tsx'))).toBe('web/features/orders');
    expect(unitOf(join(SRC, 'server', 'app.ts'))).toBe('server/app');
  });

  it('src has none: server domains and layers, web features and layers, shared', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles(SRC)) {
      const from = unitOf(file);
      for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
        const target = resolveImport(file, specifier);
        if (!target) continue;
        const to = unitOf(target);
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(edges.size).toBeGreaterThan(15);
    expect(loops(edges)).toEqual([]);
  });
});
