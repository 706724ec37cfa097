/**
 * The back office's UI-only text (issue 62), kept out of messages.ts so that the home page's chunk does
 * not carry it. Each part of the back office has its own export.
 */
import { formatQuantity } from './format.js';

/** The catalog CSV import on Import / Export: its template, its preview of the changes, its progress. */
export const importCopy = {
  downloadTemplate: 'Download template',
  templateHelp: 'The template has every column the import reads and one made-up part to replace with your own.',
  /**
   * The template's one row: a made-up part that imports as it is (GET /api/products/import-template.csv).
   * Every column the import reads has a cell here (the server's column list checks it when it compiles).
   */
  templateExample: {
    sku: 'EX-1001',
    name: 'Example Wiper Blade',
    description: 'A made-up part to show each column: replace this row with your own parts',
    price: '12.50',
    stock: '40',
    min: '1',
    category: 'Wipers',
    img: '/images/products/windshield-wiper.svg',
    specs: 'Length: 22 in; Fit: hook arm',
    active: 'true',
    packSize: '1',
    priceBreaks: '10: 11.50; 50: 10.90',
    weightGrams: '250',
    taxClass: 'standard',
    coreCharge: '0.00',
  },
  uploading: 'Sending the file…',
  checking: 'Checking the file…',
  applying: 'Importing…',
  progressLabel: 'Import progress',
  previewLabel: 'Rows the import changes',
  previewColumns: ['Row', 'Part Number', 'What changes'] as const,
  created: 'new part',
  updated: 'changed',
  newPartNumber: 'new number',
  /** One field a row sets: its part's value (none for a new part) and the file's. */
  change: (field: string, from: string | null, to: string) => (from === null ? `${field} ${to}` : `${field} ${from} → ${to}`),
  unchanged: (count: number) => `${formatQuantity(count)} ${count === 1 ? 'row is' : 'rows are'} unchanged and not listed.`,
  changesCut: (listed: number, total: number) => `Only the first ${formatQuantity(listed)} of ${formatQuantity(total)} changed rows are listed.`,
  problemsLabel: 'Problems in the file',
  problemColumns: ['Row', 'Column', 'Part Number', 'Value', 'Problem'] as const,
};
