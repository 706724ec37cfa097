/**
 * Price lists and the companies that buy at them: the price-lists domain's routes ask here how many
 * companies use a list, and a list is deleted only while none does. Companies import price lists (to
 * check a list exists), so this side of it lives in a flow, not in price-lists.
 */
import { priceListMessages } from '../../shared/price-lists-copy.js';
import { companiesByPriceList } from '../companies/service.js';
import type { Executor } from '../db/schema.js';
import { conflict } from '../http/errors.js';
import { deletePriceList } from '../price-lists/service.js';
import type { PriceListUsage } from '../price-lists/routes.js';

export const priceListUsage: PriceListUsage = {
  companiesUsing: companiesByPriceList,
  async remove(db: Executor, id: string) {
    const companies = (await companiesByPriceList(db, [id])).get(id) ?? 0;
    if (companies > 0) throw conflict('price_list_in_use', priceListMessages.inUse(companies));
    await deletePriceList(db, id);
  },
};
