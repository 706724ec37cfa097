/**
 * The shop's shipping zones, methods and weight bands, its tax rates, and the buyers with a tax
 * exemption. An admin replaces the shipping set or the rates whole; quotes read them whole.
 */
import { sql } from 'kysely';
import type { ShippingConfig, TaxConfig, TaxExemptionInput, TaxRate } from '../../shared/checkout-schemas.js';
import { centsToDollars, dollarsToCents } from '../../shared/money.js';
import { type Executor, inTransaction, isPostgres, timestamps } from '../db/schema.js';

const listOrNull = (list: readonly string[] | undefined) => (list?.length ? JSON.stringify(list) : null);
const listOrAbsent = (column: string | null) => (column === null ? undefined : (JSON.parse(column) as string[]));
const dollarsOrAbsent = (cents: number | null) => (cents === null ? undefined : centsToDollars(cents));
const centsOrNull = (dollars: number | undefined) => (dollars === undefined ? null : dollarsToCents(dollars));

/** Leaves out the fields a table does not set, as the admin wrote it (no `regions: undefined`). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export async function shippingConfig(db: Executor): Promise<ShippingConfig> {
  const [zones, methods, bands] = await Promise.all([
    db.selectFrom('shipping_zones').selectAll().orderBy('position').execute(),
    db.selectFrom('shipping_methods').selectAll().orderBy('position').execute(),
    db.selectFrom('shipping_bands').selectAll().orderBy('method_id').orderBy('up_to_grams').execute(),
  ]);
  return {
    zones: zones.map((zone) =>
      defined({
        id: zone.id,
        name: zone.name,
        countries: JSON.parse(zone.countries) as string[],
        regions: listOrAbsent(zone.regions),
        postalCodes: listOrAbsent(zone.postal_codes),
      }),
    ),
    methods: methods.map((method) => {
      const own = bands.filter((band) => band.method_id === method.id).map((band) => ({ upToGrams: band.up_to_grams, price: centsToDollars(band.price_cents) }));
      return defined({
        id: method.id,
        zoneId: method.zone_id,
        name: method.name,
        kind: method.kind,
        price: dollarsOrAbsent(method.price_cents),
        bands: method.kind === 'weight' ? own : undefined,
        freeOver: dollarsOrAbsent(method.free_over_cents),
        maxGrams: method.max_grams ?? undefined,
        minDays: method.min_days,
        maxDays: method.max_days,
      });
    }),
  };
}

/**
 * Two admins saving at once: on PostgreSQL the second waits for the first (and then replaces its set);
 * quotes keep reading the set before the save until it commits. SQLite runs one writer at a time.
 */
async function lockForReplacing(trx: Executor, tables: readonly string[]): Promise<void> {
  if (isPostgres(trx)) await sql`lock table ${sql.join(tables.map((table) => sql.table(table)))} in share row exclusive mode`.execute(trx);
}

/** Replaces every zone, method and band with `config` (checked whole by shippingConfigSchema). */
export async function replaceShippingConfig(db: Executor, config: ShippingConfig): Promise<ShippingConfig> {
  await inTransaction(db, async (trx) => {
    await lockForReplacing(trx, ['shipping_zones', 'shipping_methods', 'shipping_bands']);
    await trx.deleteFrom('shipping_bands').execute();
    await trx.deleteFrom('shipping_methods').execute();
    await trx.deleteFrom('shipping_zones').execute();
    if (config.zones.length > 0) {
      await trx
        .insertInto('shipping_zones')
        .values(config.zones.map((zone, position) => ({ id: zone.id, position, name: zone.name, countries: JSON.stringify(zone.countries), regions: listOrNull(zone.regions), postal_codes: listOrNull(zone.postalCodes) })))
        .execute();
    }
    if (config.methods.length > 0) {
      await trx
        .insertInto('shipping_methods')
        .values(
          config.methods.map((method, position) => ({
            id: method.id,
            position,
            zone_id: method.zoneId,
            name: method.name,
            kind: method.kind,
            price_cents: centsOrNull(method.price),
            free_over_cents: centsOrNull(method.freeOver),
            max_grams: method.maxGrams ?? null,
            min_days: method.minDays,
            max_days: method.maxDays,
          })),
        )
        .execute();
    }
    const bands = config.methods.flatMap((method) => (method.bands ?? []).map((band) => ({ method_id: method.id, up_to_grams: band.upToGrams, price_cents: dollarsToCents(band.price) })));
    if (bands.length > 0) await trx.insertInto('shipping_bands').values(bands).execute();
  });
  return shippingConfig(db);
}

export async function taxRates(db: Executor): Promise<TaxRate[]> {
  const rows = await db.selectFrom('tax_rates').selectAll().orderBy('position').execute();
  return rows.map((row) =>
    defined({ id: row.id, name: row.name, country: row.country, region: row.region ?? undefined, taxClass: row.tax_class, rate: row.rate_milli / 1000, shipping: row.shipping === 1 }),
  );
}

/** Replaces every tax rate with `config` (checked whole by taxConfigSchema). */
export async function replaceTaxRates(db: Executor, { rates }: TaxConfig): Promise<TaxConfig> {
  await inTransaction(db, async (trx) => {
    await lockForReplacing(trx, ['tax_rates']);
    await trx.deleteFrom('tax_rates').execute();
    if (rates.length === 0) return;
    await trx
      .insertInto('tax_rates')
      .values(
        rates.map((rate, position) => ({
          id: rate.id,
          position,
          name: rate.name,
          country: rate.country,
          region: rate.region || null,
          tax_class: rate.taxClass,
          rate_milli: Math.round(rate.rate * 1000),
          shipping: rate.shipping ? 1 : 0,
        })),
      )
      .execute();
  });
  return { rates: await taxRates(db) };
}

// ---- Exemptions ---------------------------------------------------------------

/** Records (or replaces) a buyer's exemption certificate. */
export async function setTaxExemption(db: Executor, userId: number, { certificate, expiresOn }: TaxExemptionInput): Promise<void> {
  const stamps = timestamps();
  await db
    .insertInto('tax_exemptions')
    .values({ user_id: userId, certificate, expires_on: expiresOn, ...stamps })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ certificate, expires_on: expiresOn, updated_at: stamps.updated_at }))
    .execute();
}

export async function removeTaxExemption(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('tax_exemptions').where('user_id', '=', userId).execute();
}

/** The buyer's certificate if it is still valid on `today` (its expiry day included). */
export async function validTaxExemption(db: Executor, userId: number, today: string): Promise<{ certificate: string; expiresOn: string } | undefined> {
  const row = await db.selectFrom('tax_exemptions').select(['certificate', 'expires_on']).where('user_id', '=', userId).where('expires_on', '>=', today).executeTakeFirst();
  return row && { certificate: row.certificate, expiresOn: row.expires_on };
}

/** Today's date on the shop's calendar (YYYY-MM-DD): a certificate expiring today still counts today. */
export function shopToday(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
