/** How a VIN is checked and read (ISO 3779 / 49 CFR 565): its shape, check digit, model year and maker code. */

/** 17 characters, letters and digits except I, O and Q (they look like 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a VIN's other characters call for (position 9): 0–9 or X for 10. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin.toUpperCase()].reduce((total, char, i) => total + (/\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0)) * WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export function hasValidCheckDigit(vin: string): boolean {
  return vin.length === 17 && vin[8] === vinCheckDigit(vin);
}

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year from position 10. The 30 codes repeat every 30 years; for passenger cars from 1981 a
 * letter in position 7 means 2010–2039, a digit 1980–2009 (49 CFR 565.15).
 */
export function vinModelYear(vin: string): number | null {
  const index = YEAR_CODES.indexOf(vin.toUpperCase()[9] ?? '');
  if (index < 0) return null;
  const recentCycle = /[A-Z]/.test(vin.toUpperCase()[6] ?? '');
  return (recentCycle ? 2010 : 1980) + index;
}

/** The world manufacturer identifier: the first three characters. */
export function vinWmi(vin: string): string {
  return vin.toUpperCase().slice(0, 3);
}
