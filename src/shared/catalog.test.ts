import { describe, expect, it } from 'vitest';
import { closeEnough, normalisePartNumber, partNumberDistance } from './catalog.js';

describe('normalisePartNumber: one key for every spelling of a number', () => {
  it('ignores case and everything that is not a letter or digit', () => {
    for (const typed of ['BR-1507', 'br 1507', 'BR.15.07', ' b r/1507 ']) expect(normalisePartNumber(typed)).toBe('BR1507');
  });

  it('reads the letter O as zero and I as one, as invoices print them', () => {
    expect(normalisePartNumber('17801-OT020')).toBe(normalisePartNumber('17801-0T020'));
    expect(normalisePartNumber('en-o4i2-ir')).toBe(normalisePartNumber('EN-0412-1R'));
    expect(normalisePartNumber('17801-OT020')).toBe('178010T020');
  });

  it('keeps the look-alikes that are real letters of real numbers apart: L, S, B, Z, G, Q', () => {
    expect(normalisePartNumber('04L 198 119 A')).not.toBe(normalisePartNumber('041 198 119 A'));
    expect(normalisePartNumber('WT-1616-S')).not.toBe(normalisePartNumber('WT-1616-5'));
    expect(normalisePartNumber('BL 1507 C')).not.toBe(normalisePartNumber('8L 1507 C'));
    expect(normalisePartNumber('04152-YZZA1')).not.toBe(normalisePartNumber('04152-Y22A1'));
    expect(normalisePartNumber('5Q0 698 151')).not.toBe(normalisePartNumber('500 698 151'));
    expect(normalisePartNumber('G-1')).not.toBe(normalisePartNumber('6-1'));
  });

  it('leaves the number as written alone: the key is for matching only', () => {
    const written = '17801-OT020';
    normalisePartNumber(written);
    expect(written).toBe('17801-OT020');
  });
});

describe('partNumberDistance and closeEnough: "Did you mean …"', () => {
  it('counts letters wrong, missing, extra or swapped with their neighbour', () => {
    expect(partNumberDistance('BR1507', 'BR1507')).toBe(0);
    expect(partNumberDistance('BP1507', 'BR1507')).toBe(1);
    expect(partNumberDistance('BR150', 'BR1507')).toBe(1);
    expect(partNumberDistance('BR15077', 'BR1507')).toBe(1);
    expect(partNumberDistance('BR1570', 'BR1507')).toBe(1);
    expect(partNumberDistance('', 'BR1')).toBe(3);
  });

  it('allows one slip in a short number and two in a long one', () => {
    expect(closeEnough('BR1570', 'BR1507')).toBe(true);
    expect(closeEnough('BR1580', 'BR1507')).toBe(false);
    expect(closeEnough('0446502202', '0446502220')).toBe(true);
    expect(closeEnough('0446502002', '0446502220')).toBe(true);
    expect(closeEnough('0446600002', '0446502220')).toBe(false);
  });
});
