/**
 * The words of staff price lists (issue 63): the server's error messages about lists and their CSV
 * files. Kept apart from messages.ts so the storefront's first page does not carry them.
 */
export const priceListMessages = {
  unknownProduct: (line: number, productId: number) => `Price ${line}: there is no part with id ${productId}`,
  inUse: (companies: number) =>
    `This price list is used by ${companies === 1 ? '1 company' : `${companies} companies`}: give ${companies === 1 ? 'it' : 'them'} another list (or none) before deleting it`,
  csvHeader: (columns: string) => `The file's first row must be exactly: ${columns}`,
  csvUnreadable: 'The file is not readable CSV',
  csvEmpty: 'The file has no rows',
  csvRow: (row: number, problem: string) => `Row ${row}: ${problem}`,
  csvUnknownSku: (sku: string) => `there is no part with number ${sku || '(empty)'}`,
  csvPrice: 'price must be a positive amount in dollars, up to two decimals',
  csvMinQuantity: 'minQuantity must be a whole number of at least 1',
  csvRepeated: 'this part already has a price from this quantity',
  csvTooManyRows: (max: number) => `The file has more than ${max} rows`,
} as const;
