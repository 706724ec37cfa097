/**
 * EU VAT identification numbers, checked offline: each member state's format, and for AT, BE, DE, ES,
 * FR (numeric key), IT and NL also its check digits. The other member states (and French IDs whose key
 * has letters) are checked for format only. VAT_CHECK=vies also asks the EU's VIES service on the server.
 */
import { EU_COUNTRIES } from './geography.js';

/** The number after the two-letter prefix, upper-cased and without spaces, dots or dashes. */
const FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

const digits = (text: string) => [...text].map(Number);

/** Germany: ISO 7064 MOD 11,10 over the first eight digits. */
function germanCheck(number: string): boolean {
  const d = digits(number);
  let product = 10;
  for (const digit of d.slice(0, 8)) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === d[8];
}

/** France: the two-digit key is (12 + 3 × (SIREN mod 97)) mod 97; a key with letters is checked for format only. */
function frenchCheck(number: string): boolean {
  const key = number.slice(0, 2);
  if (!/^\d{2}$/.test(key)) return true;
  return Number(key) === (12 + 3 * (Number(number.slice(2)) % 97)) % 97;
}

/** The Netherlands: the eleven-test on the nine digits, or (sole traders' newer numbers) "NL" + number mod 97 = 1. */
function dutchCheck(number: string): boolean {
  const d = digits(number.slice(0, 9));
  const weighted = d.slice(0, 8).reduce((sum, digit, i) => sum + digit * (9 - i), 0);
  if (weighted % 11 === d[8]) return true;
  const asDigits = `NL${number}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return BigInt(asDigits) % 97n === 1n;
}

/** Italy: Luhn over the first ten digits. */
function italianCheck(number: string): boolean {
  const d = digits(number);
  const sum = d.slice(0, 10).reduce((total, digit, i) => {
    if (i % 2 === 0) return total + digit;
    const doubled = digit * 2;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return (10 - (sum % 10)) % 10 === d[10];
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spain: a person's NIF (8 digits + letter), a foreigner's NIE (X/Y/Z, 7 digits, letter) or a company's CIF (letter, 7 digits, control). */
function spanishCheck(number: string): boolean {
  if (/^\d{8}[A-Z]$/.test(number)) return NIF_LETTERS[Number(number.slice(0, 8)) % 23] === number[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(number)) return NIF_LETTERS[Number(`${'XYZ'.indexOf(number[0]!)}${number.slice(1, 8)}`) % 23] === number[8];
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(number)) {
    const d = digits(number.slice(1, 8));
    const sum = d.reduce((total, digit, i) => {
      if (i % 2 === 1) return total + digit;
      const doubled = digit * 2;
      return total + Math.floor(doubled / 10) + (doubled % 10);
    }, 0);
    const control = (10 - (sum % 10)) % 10;
    return number[8] === String(control) || number[8] === 'JABCDEFGHI'[control];
  }
  return false;
}

/** Austria: "U" + seven digits weighted 1,2,1,2,… (digit sums), then (10 − (sum + 4) mod 10) mod 10. */
function austrianCheck(number: string): boolean {
  const d = digits(number.slice(1));
  const sum = d.slice(0, 7).reduce((total, digit, i) => {
    const weighted = i % 2 === 1 ? digit * 2 : digit;
    return total + Math.floor(weighted / 10) + (weighted % 10);
  }, 0);
  return (10 - ((sum + 4) % 10)) % 10 === d[7];
}

/** Belgium: the last two digits are 97 − (the first eight mod 97). */
function belgianCheck(number: string): boolean {
  return 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8));
}

const CHECK_DIGITS: Readonly<Record<string, (number: string) => boolean>> = {
  AT: austrianCheck,
  BE: belgianCheck,
  DE: germanCheck,
  ES: spanishCheck,
  FR: frenchCheck,
  IT: italianCheck,
  NL: dutchCheck,
};

/** A VAT ID as read: the ISO country it belongs to (EL is Greece), and the number after the prefix. */
export interface VatId {
  country: string;
  /** The prefix as written on invoices: the ISO code, EL for Greece. */
  prefix: string;
  number: string;
}

/** Upper case, without spaces, dots and dashes: `de 136.695.976` → `DE136695976`. */
export function compactVatId(text: string): string {
  return text.toUpperCase().replace(/[\s.-]/g, '');
}

/** The VAT ID if it has an EU prefix, its country's format and (where known) valid check digits; else null. */
export function parseVatId(text: string): VatId | null {
  const compact = compactVatId(text);
  const prefix = compact.slice(0, 2);
  const number = compact.slice(2);
  const format = FORMATS[prefix];
  if (!format || !format.test(number)) return null;
  const check = CHECK_DIGITS[prefix];
  if (check && !check(number)) return null;
  const country = prefix === 'EL' ? 'GR' : prefix;
  return (EU_COUNTRIES as readonly string[]).includes(country) ? { country, prefix, number } : null;
}
