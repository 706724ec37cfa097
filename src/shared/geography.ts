/**
 * Countries, regions and postal codes, written once: the address forms, the address book and the
 * shipping and tax tables all check against these.
 */
import { checkoutMessages } from './messages.js';

/** ISO 3166-1 alpha-2, every officially assigned code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRY_SET = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return COUNTRY_SET.has(code);
}

/** The member states of the European Union (ISO codes; Greece's VAT IDs say EL). */
export const EU_COUNTRIES = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'] as const;

export function isInEu(country: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(country);
}

/**
 * ISO 3166-2 subdivision codes without the country prefix, for the countries whose addresses must name
 * one (a US address needs its state, `VT`, not `US-VT`).
 */
export const REGIONS: Readonly<Record<string, readonly string[]>> = {
  US: (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR UM VI'
  ).split(' '),
  CA: 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '),
  AU: 'ACT NSW NT QLD SA TAS VIC WA'.split(' '),
  DE: 'BW BY BE BB HB HH HE MV NI NW RP SL SN ST SH TH'.split(' '),
};

/** The problem with a region for a country, or null: one of the list where the country has one, anything short elsewhere. */
export function regionProblem(country: string, region: string): string | null {
  const known = REGIONS[country];
  if (!known) return region.length > 60 ? checkoutMessages.regionTooLong : null;
  if (region === '') return checkoutMessages.regionRequired(country);
  return known.includes(region) ? null : checkoutMessages.regionUnknown(country, known);
}

interface PostalRule {
  pattern: RegExp;
  /** The code as the post writes it, from one matching `pattern` (upper case, spaces removed). */
  written: (compact: string) => string;
  message: string;
}

const asIs = (compact: string) => compact;
const spaceBeforeLast3 = (compact: string) => `${compact.slice(0, -3)} ${compact.slice(-3)}`;

/** Checked postal codes; other countries' codes (some have none) are taken as written, up to 20 characters. Patterns apply to the code upper-cased without spaces. */
const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  US: { pattern: /^\d{5}(-?\d{4})?$/, written: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c), message: checkoutMessages.postalCode.US },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/, written: spaceBeforeLast3, message: checkoutMessages.postalCode.CA },
  GB: { pattern: /^([A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}|GIR0AA)$/, written: spaceBeforeLast3, message: checkoutMessages.postalCode.GB },
  DE: { pattern: /^\d{5}$/, written: asIs, message: checkoutMessages.postalCode.DE },
  NL: { pattern: /^[1-9]\d{3}[A-Z]{2}$/, written: (c) => `${c.slice(0, 4)} ${c.slice(4)}`, message: checkoutMessages.postalCode.NL },
  FR: { pattern: /^\d{5}$/, written: asIs, message: checkoutMessages.postalCode.FR },
};

/** Upper case, no spaces: how postal codes are compared (and matched against zone patterns). */
export function compactPostalCode(code: string): string {
  return code.toUpperCase().replace(/\s+/g, '');
}

/** A postal code checked for its country: as the post writes it, or the message saying what it should look like. */
export function checkPostalCode(country: string, code: string): { postalCode: string } | { error: string } {
  const compact = compactPostalCode(code);
  const rule = POSTAL_RULES[country];
  if (!rule) return code.trim().length > 20 ? { error: checkoutMessages.postalCodeTooLong } : { postalCode: code.trim().toUpperCase() };
  if (!rule.pattern.test(compact)) return { error: rule.message };
  return { postalCode: rule.written(compact) };
}
