/**
 * Which maker a VIN's first three characters (the world manufacturer identifier) name: well-known WMIs
 * from the public SAE / NHTSA list, for the makes of our vehicle base and other common ones. A WMI a group
 * shares between its brands (Chrysler's 1C3, 1C4, 2C3…: Chrysler, Dodge and Jeep alike) is left out: it
 * cannot say the make, and a wrong make would list the wrong cars.
 */

/** Make → its WMIs (as the base spells the make). */
const WMIS_BY_MAKE: Record<string, string> = {
  Acura: 'JH4 19U 5J8',
  'Alfa Romeo': 'ZAR',
  'Aston Martin': 'SCF',
  Audi: 'WAU WA1 WUA TRU',
  Bentley: 'SCB',
  BMW: 'WBA WBS WBX WBY 4US 5UX 5YM 3MW',
  Buick: '1G4 2G4 5GA KL4 LRB',
  Cadillac: '1G6 1GY',
  Chevrolet: '1G1 1GC 1GN 1GB 2G1 2GC 2GN 3G1 3GC 3GN KL1 KL7 KL8 9BG 6G3',
  Citroën: 'VF7 VR7',
  Dacia: 'UU1',
  Daihatsu: 'JDA',
  Dodge: '1B3 1B4 1B7 1D4 1D7 2B3 2D4 3D7',
  DS: 'VR1',
  Ferrari: 'ZFF',
  Fiat: 'ZFA 3C3',
  Ford: '1FA 1FD 1FM 1FT 1ZV 2FA 2FM 2FT 3FA 3FM 3FT WF0 SFA VS6 NM0 MAJ MNB 6FP 9BF 8AF',
  Genesis: 'KMT',
  GMC: '1GT 1GK 1GD 2GT 3GT 3GK',
  Holden: '6H8 6G1',
  Honda: '1HG 2HG 2HK 2HJ 3HG 3CZ 5FN 5J6 19X 7FA JHM JHL SHH SHS MRH 93H',
  Hummer: '5GR 5GT',
  Hyundai: 'KMH KM8 KMF 5NP 5NM TMA MAL NLH',
  Infiniti: 'JNK JNR',
  Isuzu: 'JAA JAL',
  Jaguar: 'SAJ',
  Jeep: '1J4 1J8 ZAC',
  Kia: 'KNA KND 5XX 5XY 3KP U5Y U6Y',
  Lada: 'XTA',
  Lamborghini: 'ZHW',
  'Land Rover': 'SAL',
  Lancia: 'ZLA',
  Lexus: 'JTH JTJ JT8 2T2 58A',
  Lincoln: '1LN 2LM 3LN 5LM 5LT',
  Lotus: 'SCC',
  Mahindra: 'MA1',
  Maserati: 'ZAM',
  Mazda: 'JM1 JM3 JMZ 1YV 3MZ 4F2 4F4',
  McLaren: 'SBM',
  'Mercedes-Benz': 'WDB WDC WDD WDF W1K W1N W1V 4JG 55S',
  Mercury: '1ME 2ME 4M2',
  MINI: 'WMW WMZ',
  Mitsubishi: 'JA3 JA4 JMB 4A3 4A4 ML3 XMC',
  Nissan: '1N4 1N6 5N1 3N1 3N6 JN1 JN8 SJN VSK MNT',
  Oldsmobile: '1G3',
  Opel: 'W0L W0V VXK',
  Peugeot: 'VF3 VR3 8AD',
  Pontiac: '1G2 2G2 5Y2 6G2',
  Porsche: 'WP0 WP1',
  Proton: 'PL1',
  Ram: '3C6',
  Renault: 'VF1 93Y 8A1 KNM',
  Rivian: '7PD',
  'Rolls-Royce': 'SCA',
  Saab: 'YS3',
  Saturn: '1G8',
  SEAT: 'VSS',
  Skoda: 'TMB',
  Smart: 'WME',
  Subaru: 'JF1 JF2 4S3 4S4',
  Suzuki: 'JS2 JS3 TSM MA3',
  Tata: 'MAT',
  Tesla: '5YJ 7SA LRW XP7',
  Toyota: 'JTD JTE JTK JTL JTM JTN JT2 JT3 JT4 2T1 2T3 4T1 4T3 5TD 5TE 5TF 5YF 3TM 3TY SB1 VNK NMT AHT MR0 6T1 9BR 8AJ',
  Volkswagen: 'WVW WVG WV1 WV2 1VW 3VW 3VV 9BW AAV 8AW LSV LFV',
  Volvo: 'YV1 YV4 7JR LYV',
};

/** Every WMI and its make, for tests and listings. */
export const WMI_ENTRIES: readonly (readonly [wmi: string, make: string])[] = Object.entries(WMIS_BY_MAKE).flatMap(([make, wmis]) =>
  wmis.split(' ').map((wmi) => [wmi, make] as const),
);

const MAKE_OF_WMI = new Map(WMI_ENTRIES);

/** The make a WMI names, or undefined when the table does not know it. */
export function makeOfWmi(wmi: string): string | undefined {
  return MAKE_OF_WMI.get(wmi.toUpperCase());
}
