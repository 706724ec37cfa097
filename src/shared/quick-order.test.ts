import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quick-order.js';
import { QUICK_ORDER_LINES_MAX } from './schemas.js';

describe('parseQuickOrder', () => {
  it('reads the number and the quantity separated by spaces, a tab, a comma or a semicolon', () => {
    expect(parseQuickOrder('BP-1507 12\n04465-02220, 40\nFL-2200\t3\nWP-10001;5\n"BR-2040","7"')).toEqual([
      { line: 1, number: 'BP-1507', quantity: 12 },
      { line: 2, number: '04465-02220', quantity: 40 },
      { line: 3, number: 'FL-2200', quantity: 3 },
      { line: 4, number: 'WP-10001', quantity: 5 },
      { line: 5, number: 'BR-2040', quantity: 7 },
    ]);
  });

  it('takes the last cell as the quantity and the rest as the number, spaces included', () => {
    expect(parseQuickOrder('  BL 1507   12  \nBP-1507, 4,;')).toEqual([
      { line: 1, number: 'BL 1507', quantity: 12 },
      { line: 2, number: 'BP-1507', quantity: 4 },
    ]);
  });

  it('skips blank lines but counts them in the line numbers, Windows line ends too', () => {
    expect(parseQuickOrder('\r\nBP-1507 12\r\n   \r\n\tFL-2200 3\r\n')).toEqual([
      { line: 2, number: 'BP-1507', quantity: 12 },
      { line: 4, number: 'FL-2200', quantity: 3 },
    ]);
    expect(parseQuickOrder(' \n\n')).toEqual([]);
  });

  it.each(['sku,quantity', 'part number,qty', 'Part Number;Quantity', '\uFEFF"sku","qty"'])('skips a header row like %j', (header) => {
    expect(parseQuickOrder(`${header}\nBP-1507,12`)).toEqual([{ line: 2, number: 'BP-1507', quantity: 12 }]);
  });

  it('takes only the first line for a header', () => {
    expect(parseQuickOrder('BP-1507,12\nsku,qty')).toEqual([
      { line: 1, number: 'BP-1507', quantity: 12 },
      { line: 2, text: 'sku,qty', error: 'Quantity must be a whole number' },
    ]);
  });

  it('says what is wrong with a quantity, keeping the line as typed', () => {
    expect(parseQuickOrder('BP-1507 1.5\nBP-1507 twelve\nBP-1507 0\nBP-1507 -4\nBP-1507\n' + `${'X'.repeat(41)} 2`)).toEqual([
      { line: 1, text: 'BP-1507 1.5', error: 'Quantity must be a whole number' },
      { line: 2, text: 'BP-1507 twelve', error: 'Quantity must be a whole number' },
      { line: 3, text: 'BP-1507 0', error: 'Quantity must be a whole number of 1 or more' },
      { line: 4, text: 'BP-1507 -4', error: 'Quantity must be a whole number of 1 or more' },
      { line: 5, text: 'BP-1507', error: 'Quantity is required' },
      { line: 6, text: `${'X'.repeat(41)} 2`, error: 'Must be at most 40 characters' },
    ]);
  });

  it(`reads at most ${QUICK_ORDER_LINES_MAX} lines and says how many are left out`, () => {
    const lines = Array.from({ length: QUICK_ORDER_LINES_MAX + 3 }, (_, i) => `P-${i + 1} 1`);
    const entries = parseQuickOrder(['sku,qty', ...lines].join('\n'));
    expect(entries).toHaveLength(QUICK_ORDER_LINES_MAX + 1);
    expect(entries[QUICK_ORDER_LINES_MAX - 1]).toEqual({ line: QUICK_ORDER_LINES_MAX + 1, number: `P-${QUICK_ORDER_LINES_MAX}`, quantity: 1 });
    expect(entries[QUICK_ORDER_LINES_MAX]).toEqual({
      line: QUICK_ORDER_LINES_MAX + 2,
      text: `P-${QUICK_ORDER_LINES_MAX + 1} 1`,
      error: `At most ${QUICK_ORDER_LINES_MAX} parts in one quick order: this line and the 2 after it are left out`,
    });
    expect(parseQuickOrder(lines.slice(0, QUICK_ORDER_LINES_MAX).join('\n')).every((entry) => 'number' in entry)).toBe(true);
  });
});
