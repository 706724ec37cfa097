/**
 * Domains own their tables (README.md, "Layout"): no module runs SQL on a
 * table it does not own. This test reads the server's sources and fails, listing file:line:table, for
 * every Kysely or raw-SQL reference to a table outside the domain that owns it. Files outside a domain
 * folder (flows, seed, http, db, app.ts, main.ts, …) may reference no table at all: they go through the
 * owning domain's service. It also keeps the ownership map and the migrations in step.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Table → the domain (folder of src/server) that owns it. A new table is one line here. */
const TABLE_OWNERS: Record<string, string> = {
  users: 'users',
  sessions: 'auth',
  google_sign_in_states: 'auth',
  google_sign_in_codes: 'auth',
  auth_tokens: 'auth',
  products: 'catalog',
  sku_sequences: 'catalog',
  product_changes: 'catalog',
  product_search: 'catalog',
  applications: 'catalog',
  product_numbers: 'catalog',
  vehicles: 'fitment',
  garage_vehicles: 'fitment',
  orders: 'orders',
  order_events: 'orders',
  order_lines: 'orders',
  invoice_sequence: 'orders',
  order_search: 'orders',
  order_line_search: 'orders',
  order_search_watermarks: 'orders',
  payments: 'payments',
  webhook_events: 'payments',
  test_processor_intents: 'payments',
  test_processor_refunds: 'payments',
  reviews: 'reviews',
  contact_messages: 'contact',
  audit_log: 'audit',
  counters: 'limits',
  outbox: 'mail',
  // The server cart (issue 59).
  carts: 'cart',
  cart_lines: 'cart',
  // The checkout (issue 60)
  addresses: 'addresses',
  shipping_zones: 'shipping-tax',
  shipping_methods: 'shipping-tax',
  shipping_bands: 'shipping-tax',
  tax_rates: 'shipping-tax',
  tax_exemptions: 'shipping-tax',
  // Choosing parts (issue 65)
  product_words: 'catalog',
  product_words_vocab: 'catalog',
  product_words_version: 'catalog',
  search_words: 'catalog',
  search_synonyms: 'catalog',
  stock_alerts: 'catalog',
  parts_lists: 'lists',
  parts_list_lines: 'lists',
  // After the sale (issue 61): shipments and refunds belong to their order; a return is its own record.
  shipments: 'orders',
  shipment_lines: 'orders',
  shipment_sequence: 'orders',
  refunds: 'orders',
  credit_note_sequence: 'orders',
  returns: 'returns',
  return_lines: 'returns',
  // The back office (issue 62): the stock ledger is the catalog's (it moves with the stock); a message's replies are the inbox's.
  stock_movements: 'catalog',
  contact_replies: 'contact',
  // Trade accounts (issue 63): a company with its members and invitations; the staff's price lists.
  companies: 'companies',
  company_members: 'companies',
  company_invitations: 'companies',
  price_lists: 'price-lists',
  price_list_prices: 'price-lists',
};

const SERVER = fileURLToPath(new URL('.', import.meta.url));
const MIGRATIONS = join(SERVER, 'db', 'migrations');

// ─── The detector: pure functions of a source text ─────────────────────────────────────────────────

export interface TableReference {
  line: number;
  table: string;
  /** The Kysely method, or `sql` for a raw template. */
  via: string;
}

/** Kysely methods whose first argument names a table (or an array of tables for selectFrom). */
const TABLE_METHODS = new Set([
  'selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto',
  'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin',
]);
/** `updateTable(a).from(b)`, `deleteFrom(a).using(b)`, `mergeInto(a).using(b, …)`: tables only on such a
 * chain (not `Buffer.from('…')`). */
const CHAINED_TABLE_METHODS = new Set(['from', 'using']);
const CTE_METHODS = new Set(['with', 'withRecursive', 'withMaterialized', 'withNotMaterialized']);

/** 'public.orders as o' → 'orders'; 'recent(id, n)' → 'recent'. */
function bareName(text: string): string {
  const name = text.trim().split(/\s+as\s+|\s+/i)[0] ?? '';
  return (name.split('(')[0] ?? '').split('.').pop()!.replace(/"/g, '');
}

function stringsOf(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => stringsOf(e));
  return [];
}

/** `with('recent', …)`, or the builder form `with((cte) => cte('recent').materialized(), …)`. */
function cteNamesOf(node: ts.Expression | undefined): string[] {
  if (!node || !ts.isArrowFunction(node)) return stringsOf(node);
  const [builder] = node.parameters;
  if (!builder || !ts.isIdentifier(builder.name)) return [];
  const builderName = builder.name.text;
  const names: string[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) && ts.isIdentifier(child.expression) && child.expression.text === builderName) names.push(...stringsOf(child.arguments[0]));
    ts.forEachChild(child, visit);
  };
  visit(node.body);
  return names;
}

function calledName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
}

/** Whether a `.from(…)`/`.using(…)` call hangs on a chain that started with a Kysely table method. */
function onKyselyChain(call: ts.CallExpression): boolean {
  let receiver: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(receiver) || ts.isCallExpression(receiver) || ts.isNonNullExpression(receiver)) {
    if (ts.isCallExpression(receiver) && TABLE_METHODS.has(calledName(receiver) ?? '')) return true;
    receiver = receiver.expression;
  }
  return false;
}

function isSqlTag(tag: ts.Expression): boolean {
  return ts.isIdentifier(tag) && tag.text === 'sql';
}

/** The text of a template with each `${…}` blanked out (same length, line breaks kept), so offsets are positions. */
function templateText(source: string, template: ts.TemplateLiteral, file: ts.SourceFile): { text: string; start: number } {
  const start = template.getStart(file);
  let text = source.slice(start, template.getEnd());
  if (ts.isTemplateExpression(template)) {
    for (const span of template.templateSpans) {
      // from the `${` that ends the previous part to the `}` that starts this span's literal
      const from = source.lastIndexOf('${', span.expression.getStart(file)) - start;
      const to = span.literal.getStart(file) + 1 - start;
      const blank = text.slice(from, to).replace(/[^\n]/g, ' ');
      text = text.slice(0, from) + '?' + blank.slice(1) + text.slice(to);
    }
  }
  return { text, start };
}

const SQL_KEYWORDS_ENDING_A_FROM_LIST =
  /\b(?:where|join|inner|left|right|full|cross|on|group|order|limit|having|union|returning|set|values|window)\b|[);]/i;

/** Table names after from / join / into / update / table in a piece of SQL, with their offsets. */
function sqlTableNames(text: string): { name: string; offset: number }[] {
  const found: { name: string; offset: number }[] = [];
  const keyword = /\b(from|join|into|update|table|using)\s+(?:if\s+(?:not\s+)?exists\s+|only\s+)?/gi;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const listStart = match.index + match[0].length;
    if (match[1]!.toLowerCase() === 'from' || match[1]!.toLowerCase() === 'using') {
      // `from a, b x, c as y`: every item of the list up to the next clause
      const rest = text.slice(listStart);
      const end = rest.search(SQL_KEYWORDS_ENDING_A_FROM_LIST);
      let offset = listStart;
      for (const item of (end === -1 ? rest : rest.slice(0, end)).split(',')) {
        const lead = item.length - item.trimStart().length;
        found.push({ name: bareName(item), offset: offset + lead });
        offset += item.length + 1;
      }
    } else {
      const word = /^"?[\w.]+"?/.exec(text.slice(listStart));
      if (word) found.push({ name: bareName(word[0]), offset: listStart });
    }
  }
  return found.filter((f) => f.name !== '');
}

/**
 * Every table a source file references: string-literal table arguments of Kysely's builder methods
 * (aliases of `.with(…)` excluded) and `sql.table('…')`, plus the known tables named after
 * from/join/into/update in raw `sql` templates and `sql.raw('…')`.
 */
export function findTableReferences(source: string, knownTables: ReadonlySet<string>, fileName = 'source.ts'): TableReference[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
  type Found = TableReference & { position: number };
  const builder: Found[] = [];
  const raw: Found[] = [];
  const cteNames = new Set<string>();

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calledName(node);
      const first = node.arguments[0];
      // a chain is visited outside-in: order by the position of the method name, not of the call
      const position = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.getStart(file) : node.getStart(file);
      const line = lineOf(position);
      if (name && TABLE_METHODS.has(name)) {
        for (const text of stringsOf(first)) builder.push({ line, position, table: bareName(text), via: name });
      } else if (name && CHAINED_TABLE_METHODS.has(name) && onKyselyChain(node)) {
        for (const text of stringsOf(first)) builder.push({ line, position, table: bareName(text), via: name });
      } else if (name && CTE_METHODS.has(name)) {
        for (const text of cteNamesOf(first)) cteNames.add(bareName(text));
      } else if (
        ts.isPropertyAccessExpression(node.expression) &&
        isSqlTag(node.expression.expression) &&
        (name === 'table' || name === 'raw')
      ) {
        for (const text of stringsOf(first)) {
          if (name === 'table') builder.push({ line, position, table: bareName(text), via: 'sql.table' });
          else for (const t of sqlTableNames(text)) if (knownTables.has(t.name)) raw.push({ line, position, table: t.name, via: 'sql.raw' });
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      const { text, start } = templateText(source, node.template, file);
      for (const t of sqlTableNames(text)) {
        if (knownTables.has(t.name)) raw.push({ line: lineOf(start + t.offset), position: start + t.offset, table: t.name, via: 'sql' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...builder.filter((r) => !cteNames.has(r.table)), ...raw]
    .sort((a, b) => a.position - b.position)
    .map(({ line, table, via }) => ({ line, table, via }));
}

/** The domain a file (path relative to src/server, with '/') belongs to: its top folder, or null at the root. */
export function domainOf(relativePath: string): string | null {
  const parts = relativePath.split('/');
  return parts.length > 1 ? parts[0]! : null;
}

/** `file:line: table …` for every reference the file's domain does not own. */
export function ownershipViolations(
  relativePath: string,
  references: readonly TableReference[],
  owners: Readonly<Record<string, string>>,
): string[] {
  const domain = domainOf(relativePath);
  return references
    .filter((r) => owners[r.table] === undefined || owners[r.table] !== domain)
    .map((r) => {
      const owner = owners[r.table];
      const why = owner === undefined ? 'a table no domain owns (not in TABLE_OWNERS)' : `owned by ${owner}`;
      return `src/server/${relativePath}:${r.line}: ${r.table} (${r.via}; ${why})`;
    });
}

/**
 * Tables a migration creates: `createTable('t')`, a local helper that passes its parameter to createTable
 * (`const table = (name) => db.schema.createTable(name)…` then `table('t')`), and raw `create table t`.
 * `unread` lists createTable calls whose name the parser cannot read, so none goes unnoticed.
 */
export function findCreatedTables(source: string, fileName = 'migration.ts'): { tables: string[]; unread: string[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tables: string[] = [];
  const unread: string[] = [];
  const helpers = new Map<string, number>(); // helper name → index of the parameter holding the table name
  const calls: ts.CallExpression[] = [];

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      calls.push(node);
      if (calledName(node) === 'createTable' && ts.isPropertyAccessExpression(node.expression)) {
        const [first] = node.arguments;
        const literal = stringsOf(first);
        if (literal.length > 0) tables.push(...literal.map(bareName));
        else if (!(first && ts.isIdentifier(first) && registerHelper(node, first.text))) {
          unread.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${node.getText(file).slice(0, 80)}`);
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      const { text } = templateText(source, node.template, file);
      for (const m of text.matchAll(/\bcreate\s+(?:temp(?:orary)?\s+|virtual\s+)?table\s+(?:if\s+not\s+exists\s+)?("?[\w.]+"?)/gi)) {
        tables.push(bareName(m[1]!));
      }
    }
    ts.forEachChild(node, visit);
  };

  // `createTable(param)` inside `const helper = (…, param, …) => …`: remember the helper.
  function registerHelper(call: ts.Node, parameter: string): boolean {
    for (let up: ts.Node | undefined = call.parent; up; up = up.parent) {
      if ((ts.isArrowFunction(up) || ts.isFunctionExpression(up) || ts.isFunctionDeclaration(up)) ) {
        const index = up.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === parameter);
        if (index === -1) return false;
        const holder = ts.isFunctionDeclaration(up) ? up : up.parent;
        const helperName =
          holder && (ts.isVariableDeclaration(holder) || ts.isFunctionDeclaration(holder)) && holder.name && ts.isIdentifier(holder.name)
            ? holder.name.text
            : undefined;
        if (!helperName) return false;
        helpers.set(helperName, index);
        return true;
      }
    }
    return false;
  }

  visit(file);
  for (const call of calls) {
    if (!ts.isIdentifier(call.expression)) continue;
    const index = helpers.get(call.expression.text);
    if (index === undefined) continue;
    const names = stringsOf(call.arguments[index]);
    if (names.length > 0) tables.push(...names.map(bareName));
    else unread.push(`${fileName}: ${call.getText(file).slice(0, 80)}`);
  }
  return { tables, unread };
}

// ─── The sources ─────────────────────────────────────────────────────────────────────────────────────

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

const posix = (path: string) => path.split(sep).join('/');

/** Non-test sources of src/server, as paths relative to it; test helpers and migrations are not domain code. */
function serverSources(): string[] {
  return tsFiles(SERVER)
    .map((path) => posix(relative(SERVER, path)))
    .filter(
      (path) =>
        !path.endsWith('.test.ts') && !path.startsWith('test/') && !path.startsWith('system/') && !path.startsWith('db/migrations/'),
    )
    .sort();
}

function migrationTables(): { tables: Map<string, string>; unread: string[] } {
  const tables = new Map<string, string>(); // table → migration file
  const unread: string[] = [];
  for (const path of tsFiles(MIGRATIONS).filter((p) => !p.endsWith('.test.ts')).sort()) {
    const name = posix(relative(SERVER, path));
    const found = findCreatedTables(readFileSync(path, 'utf8'), `src/server/${name}`);
    for (const table of found.tables) if (!tables.has(table)) tables.set(table, name);
    unread.push(...found.unread);
  }
  return { tables, unread };
}

// ─── The tests ─────────────────────────────────────────────────────────────────────────────────────

describe('architecture: domains own their tables', () => {
  const known = new Set(Object.keys(TABLE_OWNERS));

  describe('the detector', () => {
    it('reports a table queried outside its domain, with builder aliases, joins and raw SQL', () => {
      const source = [
        "import { sql } from 'kysely';",
        'export async function f(db) {',
        "  await db.selectFrom('products as p')",
        "    .innerJoin('orders as o', 'o.product_id', 'p.id')",
        "    .leftJoin('public.users', 'users.id', 'o.user_id')",
        '    .selectAll().execute();',
        "  await db.insertInto('products').values({}).execute();",
        '  await sql`select count(*) from orders o, reviews r where o.id = ${1}`.execute(db);',
        '  await sql<number>`update audit_log set x = 1`.execute(db);',
        "  await db.updateTable('products').from('payments').set({}).execute();",
        '}',
      ].join('\n');
      const references = findTableReferences(source, known);
      expect(references).toEqual([
        { line: 3, table: 'products', via: 'selectFrom' },
        { line: 4, table: 'orders', via: 'innerJoin' },
        { line: 5, table: 'users', via: 'leftJoin' },
        { line: 7, table: 'products', via: 'insertInto' },
        { line: 8, table: 'orders', via: 'sql' },
        { line: 8, table: 'reviews', via: 'sql' },
        { line: 9, table: 'audit_log', via: 'sql' },
        { line: 10, table: 'products', via: 'updateTable' },
        { line: 10, table: 'payments', via: 'from' },
      ]);
      expect(ownershipViolations('catalog/service.ts', references, TABLE_OWNERS)).toEqual([
        'src/server/catalog/service.ts:4: orders (innerJoin; owned by orders)',
        'src/server/catalog/service.ts:5: users (leftJoin; owned by users)',
        'src/server/catalog/service.ts:8: orders (sql; owned by orders)',
        'src/server/catalog/service.ts:8: reviews (sql; owned by reviews)',
        'src/server/catalog/service.ts:9: audit_log (sql; owned by audit)',
        'src/server/catalog/service.ts:10: payments (from; owned by payments)',
      ]);
    });

    it('allows no table at all outside a domain folder, and reports tables nobody owns', () => {
      const references = findTableReferences("db.deleteFrom('sessions'); db.selectFrom('mystery');", known);
      expect(ownershipViolations('flows/cleanup.ts', references, TABLE_OWNERS)).toEqual([
        'src/server/flows/cleanup.ts:1: sessions (deleteFrom; owned by auth)',
        'src/server/flows/cleanup.ts:1: mystery (selectFrom; a table no domain owns (not in TABLE_OWNERS))',
      ]);
      expect(ownershipViolations('auth/google/store.ts', references, TABLE_OWNERS)).toEqual([
        'src/server/auth/google/store.ts:1: mystery (selectFrom; a table no domain owns (not in TABLE_OWNERS))',
      ]);
    });

    it('does not take CTE aliases, Buffer.from, SQL functions or prose for tables', () => {
      const source = [
        "const x = Buffer.from('orders', 'utf8');",
        "db.with('recent', (q) => q.selectFrom('orders').selectAll()).selectFrom('recent').selectAll();",
        "db.with((cte) => cte('sold').materialized(), () => q).selectFrom('sold').selectAll();",
        'sql`extract(year from created_at)`;',
        "// selectFrom('users') in a comment",
        "const text = 'delete from users';",
      ].join('\n');
      expect(findTableReferences(source, known)).toEqual([{ line: 2, table: 'orders', via: 'selectFrom' }]);
    });

    it('reads the tables a migration creates, also through a local helper and raw SQL', () => {
      const source = [
        'const table = (name) => db.schema.createTable(name).addColumn("id", "integer");',
        "await table('users').execute();",
        "await db.schema.createTable('payments').execute();",
        'await sql`CREATE TABLE IF NOT EXISTS outbox (id integer)`.execute(db);',
        'await sql`CREATE VIRTUAL TABLE product_search USING fts5(name)`.execute(db);',
        'await db.schema.createTable(someVariable).execute();',
      ].join('\n');
      const found = findCreatedTables(source, 'm.ts');
      expect(found.tables.sort()).toEqual(['outbox', 'payments', 'product_search', 'users']);
      expect(found.unread).toEqual(['m.ts:6: db.schema.createTable(someVariable)']);
    });
  });

  it('every table is queried only inside the domain that owns it (flows, seed, http, db, app: none)', () => {
    const violations = serverSources().flatMap((path) =>
      ownershipViolations(path, findTableReferences(readFileSync(join(SERVER, path), 'utf8'), known, path), TABLE_OWNERS),
    );
    expect(violations, `Query a table only in its domain; elsewhere call that domain's service:\n${violations.join('\n')}\n`).toEqual([]);
  });

  it('the ownership map names exactly the tables the migrations create, and only existing domains', () => {
    const { tables, unread } = migrationTables();
    expect(unread, 'createTable calls whose table name this test cannot read').toEqual([]);
    const notCreated = Object.keys(TABLE_OWNERS).filter((t) => !tables.has(t));
    const notOwned = [...tables].filter(([t]) => !(t in TABLE_OWNERS)).map(([t, file]) => `${t} (created in src/server/${file})`);
    expect(notCreated, 'TABLE_OWNERS names tables that no migration creates').toEqual([]);
    expect(notOwned, 'migrations create tables that TABLE_OWNERS does not give to a domain').toEqual([]);
    const folders = new Set(readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name));
    expect([...new Set(Object.values(TABLE_OWNERS))].filter((d) => !folders.has(d)), 'owners without a src/server folder').toEqual([]);
  });
});
