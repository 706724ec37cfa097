import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './connection.js';
import { initial } from './migrations/001-initial.js';
import { payments } from './migrations/002-payments.js';
import { googleSignIn } from './migrations/003-google-sign-in.js';
import { history } from './migrations/004-history.js';
import { nameSearch } from './migrations/005-name-search.js';
import { actorSnapshots } from './migrations/006-actor-snapshots.js';
import { accounts } from './migrations/007-accounts.js';
import { journeys } from './migrations/008-journeys.js';
import { catalog } from './migrations/009-catalog.js';
import { orderPartNumbers } from './migrations/010-order-part-numbers.js';
import { fitment } from './migrations/011-fitment.js';
import { bulkOrders } from './migrations/012-bulk-orders.js';
import { salesStats } from './migrations/013-sales-stats.js';
import { lowStock } from './migrations/014-low-stock.js';
import { orderSearch } from './migrations/015-order-search.js';
import { inbox } from './migrations/016-inbox.js';
import { searchVectorTrigger } from './migrations/017-search-vector-trigger.js';
import { orderSearchSpeed } from './migrations/018-order-search-speed.js';
import { unpaidOrders } from './migrations/019-unpaid-orders.js';
import { categorySorts } from './migrations/020-category-sorts.js';
import { orderMoves } from './migrations/021-order-moves.js';
import { searchForSale } from './migrations/022-search-for-sale.js';
import { orderSearchInBatches } from './migrations/023-order-search-in-batches.js';
import { orderSearchPendingLists } from './migrations/024-order-search-pending-lists.js';
import { fewerOrderIndexEntries } from './migrations/025-fewer-order-index-entries.js';
import { orderIndexesPlacingNeeds } from './migrations/026-order-indexes-placing-needs.js';
import { applicationsByPartCovering } from './migrations/027-applications-by-part-covering.js';
import { productNumbersListed } from './migrations/028-product-numbers-listed.js';
import { productSearchPrefixes } from './migrations/029-product-search-prefixes.js';
import { archivedParts } from './migrations/030-archived-parts.js';
import { accountMailFirst } from './migrations/031-account-mail-first.js';
import { paymentHolds } from './migrations/032-payment-holds.js';
import { reviewsByAuthor } from './migrations/033-reviews-by-author.js';
// The server cart (issue 59).
import { carts } from './migrations/034-carts.js';
// Part numbers as people type them (issue 59)
import { confusablePartNumbers } from './migrations/037-confusable-part-numbers.js';
import { orderSearchConfusables } from './migrations/038-order-search-confusables.js';
// Trade data (ACES/PIES, issue 66)
import { productWeight } from './migrations/045-product-weight.js';
import { vcdbIds } from './migrations/046-vcdb-ids.js';
// The checkout (issue 60)
import { taxClasses } from './migrations/050-tax-classes.js';
import { addresses } from './migrations/051-addresses.js';
import { shippingAndTax } from './migrations/052-shipping-and-tax.js';
import { orderCharges } from './migrations/053-order-charges.js';
import { paidOrdersTax } from './migrations/054-paid-orders-tax.js';
import { afterTheSale } from './migrations/055-after-the-sale.js';
import { lineTax } from './migrations/056-line-tax.js';
import { legacyShipments } from './migrations/057-legacy-shipments.js';
import { refunds } from './migrations/058-refunds.js';
import { returnRefunds } from './migrations/059-return-refunds.js';
import { paidOrdersCores } from './migrations/060-paid-orders-cores.js';
// The back office (issue 62): the stock ledger, reviews held for approval, contact threads.
import { backOffice } from './migrations/061-back-office.js';
import { orderCancelling } from './migrations/069-order-cancelling.js';
import { tradeAccounts } from './migrations/070-trade-accounts.js';
import { searchVocabularyVersion } from './migrations/071-search-vocabulary-version.js';
// Choosing parts (issue 65): part reviews, forgiving search, stock alerts, saved lists.
import { partReviews } from './migrations/040-part-reviews.js';
import { forgivingSearch } from './migrations/041-forgiving-search.js';
import { stockAlerts } from './migrations/042-stock-alerts.js';
import { partsLists } from './migrations/043-parts-lists.js';

/** Migrations are listed in code (not read from disk) so the compiled and the tsx-run server agree. */
function migrations(db: Db): Record<string, Migration> {
  return {
    '001-initial': initial(db.dialect),
    '002-payments': payments(db.dialect),
    '003-google-sign-in': googleSignIn(db.dialect),
    '004-history': history(db.dialect),
    '005-name-search': nameSearch(db.dialect),
    '006-actor-snapshots': actorSnapshots(),
    '007-accounts': accounts(db.dialect),
    '008-journeys': journeys(),
    '009-catalog': catalog(db.dialect),
    '010-order-part-numbers': orderPartNumbers(),
    '011-fitment': fitment(db.dialect),
    '012-bulk-orders': bulkOrders(db.dialect),
    '013-sales-stats': salesStats(),
    '014-low-stock': lowStock(),
    '015-order-search': orderSearch(),
    '016-inbox': inbox(),
    '017-search-vector-trigger': searchVectorTrigger(db.dialect),
    '018-order-search-speed': orderSearchSpeed(db.dialect),
    '019-unpaid-orders': unpaidOrders(),
    '020-category-sorts': categorySorts(),
    '021-order-moves': orderMoves(),
    '022-search-for-sale': searchForSale(),
    '023-order-search-in-batches': orderSearchInBatches(db.dialect),
    '024-order-search-pending-lists': orderSearchPendingLists(db.dialect),
    '025-fewer-order-index-entries': fewerOrderIndexEntries(),
    '026-order-indexes-placing-needs': orderIndexesPlacingNeeds(),
    '027-applications-by-part-covering': applicationsByPartCovering(),
    '028-product-numbers-listed': productNumbersListed(),
    '029-product-search-prefixes': productSearchPrefixes(db.dialect),
    '030-archived-parts': archivedParts(),
    '031-account-mail-first': accountMailFirst(),
    '032-payment-holds': paymentHolds(),
    '033-reviews-by-author': reviewsByAuthor(),
    // The server cart (issue 59).
    '034-carts': carts(),
    // Part numbers as people type them (issue 59)
    '037-confusable-part-numbers': confusablePartNumbers(db.dialect),
    '038-order-search-confusables': orderSearchConfusables(db.dialect),
    // Trade data (ACES/PIES, issue 66)
    '045-product-weight': productWeight(),
    '046-vcdb-ids': vcdbIds(),
    // The checkout (issue 60)
    '050-tax-classes': taxClasses(),
    '051-addresses': addresses(db.dialect),
    '052-shipping-and-tax': shippingAndTax(),
    '053-order-charges': orderCharges(),
    '054-paid-orders-tax': paidOrdersTax(),
    // After the sale (issue 61)
    '055-after-the-sale': afterTheSale(db.dialect),
    '056-line-tax': lineTax(),
    '057-legacy-shipments': legacyShipments(),
    '058-refunds': refunds(),
    '059-return-refunds': returnRefunds(),
    '060-paid-orders-cores': paidOrdersCores(),
    // The back office (issue 62)
    '061-back-office': backOffice(db.dialect),
    '069-order-cancelling': orderCancelling(),
    '070-trade-accounts': tradeAccounts(db.dialect),
    // Choosing parts (issue 65)
    '040-part-reviews': partReviews(),
    '041-forgiving-search': forgivingSearch(db.dialect),
    '042-stock-alerts': stockAlerts(),
    '043-parts-lists': partsLists(db.dialect),
    '071-search-vocabulary-version': searchVocabularyVersion(db.dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Up to and including `name`: an older shop's database, for the tests of what a later migration does to its rows. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  const { error, results } = await run(new Migrator({ db: db.kysely, provider }));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
