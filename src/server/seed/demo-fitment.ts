import type { ProductNumber } from '../../shared/api.js';
import type { POSITIONS } from '../../shared/fitment.js';

/**
 * What the demo parts fit and the numbers that lead to them, for every part of demo-data.ts. The
 * vehicles are those of demo-vehicles.ts, spelled the same; the years follow the real model runs
 * (a facelift splits a run, e.g. the Corolla's in 2017). OE numbers are written in each car maker's
 * style and interchange numbers under made-up brands; all of them are made up for the demo.
 */

interface DemoApplication {
  years: [from: number, to: number];
  make: string;
  model: string;
  submodel?: string;
  engine?: string;
  qualifier?: string;
  position?: (typeof POSITIONS)[number];
}

export interface DemoFitment {
  applications: DemoApplication[];
  numbers: ProductNumber[];
}

type Details = Omit<DemoApplication, 'years' | 'make' | 'model'>;
const fits = (make: string, model: string, from: number, to: number, details: Details = {}): DemoApplication => ({ years: [from, to], make, model, ...details });
const oe = (brand: string, number: string): ProductNumber => ({ type: 'oe', brand, number });
const interchange = (brand: string, number: string): ProductNumber => ({ type: 'interchange', brand, number });
/** A number of ours that this part replaced. */
const was = (number: string): ProductNumber => ({ type: 'superseded', brand: '', number });

export const demoFitment: Record<string, DemoFitment> = {
  'LT-4410': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2016, { qualifier: 'with halogen headlights' }),
      fits('Honda', 'Civic', 2016, 2018, { submodel: 'LX', qualifier: 'without LED headlights' }),
      fits('Ford', 'Focus', 2015, 2018, { qualifier: 'with halogen headlights' }),
    ],
    numbers: [oe('Toyota', '81110-02B40'), oe('Honda', '33100-TBA-A01'), oe('Ford', 'F1EZ-13008-A'), interchange('Lumenor', 'LX-4410-H')],
  },
  'LT-2150': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { position: 'Rear' }),
      fits('Ford', 'Focus', 2015, 2018, { qualifier: 'sedan', position: 'Rear' }),
    ],
    numbers: [oe('Toyota', '81551-02C10'), oe('Ford', 'F1EZ-13404-A'), interchange('Lumenor', 'LX 2150 R')],
  },
  'WT-2055-16': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { submodel: 'LE', qualifier: 'with 16-inch wheels' }),
      fits('Honda', 'Civic', 2016, 2020, { submodel: 'LX', qualifier: 'with 16-inch wheels' }),
      fits('Volkswagen', 'Golf', 2015, 2019, { submodel: 'Comfortline' }),
      fits('Hyundai', 'Elantra', 2017, 2020, { submodel: 'SE', qualifier: 'with 16-inch wheels' }),
      fits('Skoda', 'Octavia', 2014, 2019, { submodel: 'Ambition' }),
    ],
    numbers: [interchange('Trakline', 'TL 205/55R16 91V'), interchange('Roadgrip', 'RG-2055-16AS')],
  },
  'WP-5522': {
    applications: [
      fits('Toyota', 'Camry', 2015, 2017, { qualifier: 'driver side', position: 'Front' }),
      fits('Honda', 'Accord', 2014, 2017, { qualifier: 'driver side', position: 'Front' }),
      fits('Nissan', 'Altima', 2014, 2018, { qualifier: 'driver side', position: 'Front' }),
    ],
    numbers: [oe('Toyota', '85222-06180'), oe('Honda', '76620-T2A-A01'), oe('Nissan', '28890-3TA0A'), interchange('Clearview', 'CV-22B')],
  },
  'MR-3080': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { submodel: 'SE', qualifier: 'with auto-dimming mirror' }),
      fits('Ford', 'F-150', 2015, 2019, { submodel: 'XLT', qualifier: 'without HomeLink' }),
      fits('Volkswagen', 'Golf', 2015, 2019, { submodel: 'Highline' }),
    ],
    numbers: [oe('Toyota', '87810-0WX50'), oe('Ford', 'FL3Z-17700-A'), oe('Volkswagen', '3G0 857 511 AA')],
  },
  'WT-1616-S': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { submodel: 'L', qualifier: 'with 16-inch steel wheels' }),
      fits('Honda', 'Civic', 2016, 2018, { submodel: 'LX', qualifier: 'with 16-inch steel wheels' }),
    ],
    numbers: [oe('Toyota', '42602-02580'), interchange('Wheelcraft', 'WC 16-S')],
  },
  'BR-1507': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { position: 'Front' }),
      fits('Honda', 'Civic', 2016, 2020, { qualifier: 'without sport suspension', position: 'Front' }),
      fits('Mazda', 'Mazda3', 2014, 2018, { position: 'Front' }),
      fits('Volkswagen', 'Golf', 2015, 2019, { engine: '1.4L I4 TSI', qualifier: 'with 280 mm front discs', position: 'Front' }),
    ],
    numbers: [
      oe('Toyota', '04465-02220'),
      oe('Honda', '45022-TBA-A01'),
      oe('Mazda', 'BHY1-33-28Z'),
      oe('Volkswagen', '5Q0 698 151'),
      interchange('Stopwell', 'SW-7781'),
      interchange('Brakeline', 'BL 1507 C'),
      was('BR-1500'),
    ],
  },
  'EN-0412-IR': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { engine: '1.8L I4' }),
      fits('Toyota', 'Camry', 2015, 2018, { engine: '2.5L I4' }),
      fits('Toyota', 'RAV4', 2016, 2018),
      fits('Honda', 'Civic', 2016, 2020, { engine: '2.0L I4' }),
    ],
    numbers: [oe('Toyota', '90919-01253'), oe('Honda', '12290-5BA-A01'), interchange('Sparkon', 'SK IR-0412'), was('EN-0412')],
  },
  'FL-2201': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Mazda', 'Mazda3', 2014, 2018, { engine: '2.0L I4' }),
    ],
    numbers: [oe('Toyota', '17801-0T020'), oe('Mazda', 'PE07-13-3A0A'), interchange('Filtrex', 'FX-A2201'), was('FL-2200')],
  },
  'CL-7030': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Honda', 'Civic', 2016, 2020, { engine: '2.0L I4' }),
    ],
    numbers: [oe('Toyota', '16400-0T040'), oe('Honda', '19010-5BA-A01'), interchange('Coolmax', 'CM 7030')],
  },
  'EL-1201-120': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Ford', 'Focus', 2014, 2018),
    ],
    numbers: [oe('Toyota', '27060-0T130'), oe('Ford', 'CV6Z-10346-A'), interchange('Voltara', 'VA-120-1201')],
  },
  'SU-6620-F': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { qualifier: 'without sport suspension', position: 'Front' }),
      fits('Hyundai', 'Elantra', 2017, 2020, { submodel: 'SE', position: 'Front' }),
    ],
    numbers: [oe('Toyota', '48510-80A46'), oe('Hyundai', '54651-F2000'), interchange('Dampra', 'DP 6620 F')],
  },
  'LT-0H7-55': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { qualifier: 'with halogen headlights', position: 'Front' }),
      fits('Skoda', 'Octavia', 2014, 2019, { qualifier: 'with halogen headlights', position: 'Front' }),
      fits('Renault', 'Clio', 2014, 2019, { position: 'Front' }),
      fits('Peugeot', '208', 2014, 2019, { qualifier: 'without xenon headlights', position: 'Front' }),
      fits('Opel', 'Astra', 2016, 2019, { qualifier: 'with halogen headlights', position: 'Front' }),
    ],
    numbers: [oe('Volkswagen', 'N 107 228 01'), oe('Renault', '77 01 049 264'), interchange('Lumenor', 'LX-H7-55')],
  },
  'LT-FG-880': {
    applications: [
      fits('Ford', 'F-150', 2015, 2017, { submodel: 'XLT', qualifier: 'with factory fog lamps', position: 'Front' }),
      fits('Jeep', 'Wrangler', 2014, 2017, { qualifier: 'with factory fog lamps', position: 'Front' }),
    ],
    numbers: [oe('Ford', 'FL3Z-15200-A'), oe('Jeep', '55079376AB'), interchange('Lumenor', 'LX FG 880')],
  },
  'BR-2801-V': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { engine: '1.4L I4 TSI', qualifier: 'with 280 mm front discs', position: 'Front' }),
      fits('Skoda', 'Octavia', 2014, 2019, { engine: '1.4L I4 TSI', qualifier: 'with 280 mm front discs', position: 'Front' }),
    ],
    numbers: [oe('Volkswagen', '5Q0 615 301 F'), oe('Skoda', '5Q0 615 301 G'), interchange('Stopwell', 'SW-D280V')],
  },
  'BR-1508': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { submodel: 'SE', qualifier: 'with rear disc brakes', position: 'Rear' }),
      fits('Honda', 'Civic', 2016, 2020, { position: 'Rear' }),
    ],
    numbers: [oe('Toyota', '04466-02180'), oe('Honda', '43022-TBA-A01'), interchange('Stopwell', 'SW-7782')],
  },
  'WT-2254-17': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { submodel: 'Highline', qualifier: 'with 17-inch wheels' }),
      fits('BMW', '3 Series', 2016, 2019, { submodel: '320i', qualifier: 'with 17-inch wheels' }),
      fits('Mazda', 'Mazda3', 2014, 2018, { submodel: 'Touring' }),
      fits('Skoda', 'Octavia', 2017, 2019, { submodel: 'RS', qualifier: 'without 18-inch wheels' }),
    ],
    numbers: [interchange('Trakline', 'TL 225/45R17 94W'), interchange('Roadgrip', 'RG-2254-17S')],
  },
  'WT-1515-S': {
    applications: [
      fits('Renault', 'Clio', 2014, 2019, { submodel: 'Expression', qualifier: 'with 15-inch steel wheels' }),
      fits('Peugeot', '208', 2014, 2019, { submodel: 'Active', qualifier: 'with 15-inch steel wheels' }),
    ],
    numbers: [oe('Renault', '40 31 525 62R'), oe('Peugeot', '9673749977'), interchange('Wheelcraft', 'WC 15-S')],
  },
  'WP-4518': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { qualifier: 'passenger side', position: 'Front' }),
      fits('Honda', 'Civic', 2016, 2020, { qualifier: 'passenger side', position: 'Front' }),
      fits('Mazda', 'Mazda3', 2014, 2018, { qualifier: 'passenger side', position: 'Front' }),
    ],
    numbers: [oe('Toyota', '85222-02250'), oe('Honda', '76630-TBA-A01'), interchange('Clearview', 'CV-18B')],
  },
  'WP-3012-R': {
    applications: [
      fits('Toyota', 'RAV4', 2016, 2018, { position: 'Rear' }),
      fits('Honda', 'CR-V', 2017, 2019, { position: 'Rear' }),
      fits('Nissan', 'Rogue', 2017, 2019, { position: 'Rear' }),
      fits('Volkswagen', 'Golf', 2015, 2019, { qualifier: 'hatchback', position: 'Rear' }),
    ],
    numbers: [oe('Toyota', '85242-42040'), oe('Honda', '76730-TLA-A01'), oe('Volkswagen', '5G6 955 427 A'), interchange('Clearview', 'CV-12R')],
  },
  'MR-5510-L': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { qualifier: 'with heated mirrors', position: 'Left' }),
      fits('Skoda', 'Octavia', 2014, 2019, { qualifier: 'with heated mirrors', position: 'Left' }),
    ],
    numbers: [oe('Volkswagen', '5G0 857 521'), oe('Skoda', '5E0 857 521 B'), interchange('Clearview', 'CV-M5510L')],
  },
  'EN-9920-TB': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { engine: '2.0L I4 TDI' }),
      fits('Skoda', 'Octavia', 2014, 2019, { engine: '2.0L I4 TDI' }),
    ],
    numbers: [oe('Volkswagen', '04L 198 119 A'), interchange('Beltmaster', 'BM-K137-25')],
  },
  'FL-0540-OF': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Toyota', 'Camry', 2015, 2018, { engine: '2.5L I4' }),
      fits('Toyota', 'RAV4', 2016, 2018),
    ],
    numbers: [oe('Toyota', '04152-YZZA1'), interchange('Filtrex', 'FX-O540'), was('FL-0539')],
  },
  'FL-3300-CB': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Toyota', 'Camry', 2015, 2017),
      fits('Toyota', 'RAV4', 2016, 2018),
    ],
    numbers: [oe('Toyota', '87139-02090'), interchange('Filtrex', 'FX C3300')],
  },
  'SU-6620-R': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019, { qualifier: 'without sport suspension', position: 'Rear' }),
      fits('Hyundai', 'Elantra', 2017, 2020, { position: 'Rear' }),
    ],
    numbers: [oe('Toyota', '48531-8Z160'), oe('Hyundai', '55311-F2000'), interchange('Dampra', 'DP 6620 R')],
  },
  'CL-7100-TH': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { engine: '1.4L I4 TSI' }),
      fits('Skoda', 'Octavia', 2014, 2019, { engine: '1.4L I4 TSI' }),
    ],
    numbers: [oe('Volkswagen', '04E 121 113 B'), interchange('Coolmax', 'CM-T88')],
  },
  'EL-4455-ST': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Ford', 'Focus', 2014, 2018),
      fits('Mazda', 'Mazda3', 2014, 2018, { engine: '2.0L I4' }),
    ],
    numbers: [oe('Toyota', '28100-0T040'), oe('Ford', 'CV6Z-11002-A'), interchange('Voltara', 'VS 1.4-9T')],
  },
  'BD-2020-BL': {
    applications: [
      fits('Toyota', 'Corolla', 2014, 2016, { qualifier: 'before the 2017 facelift', position: 'Front Left' }),
      fits('Toyota', 'Corolla', 2014, 2016, { qualifier: 'before the 2017 facelift', position: 'Front Right' }),
    ],
    numbers: [oe('Toyota', '52116-02250'), oe('Toyota', '52115-02310')],
  },
  'BR-3105-RC': {
    applications: [
      fits('Volkswagen', 'Golf', 2015, 2019, { qualifier: 'with 280 mm front discs', position: 'Front Left' }),
      fits('Volkswagen', 'Golf', 2015, 2019, { qualifier: 'with 280 mm front discs', position: 'Front Right' }),
      fits('Skoda', 'Octavia', 2014, 2019, { qualifier: 'with 280 mm front discs', position: 'Front Left' }),
    ],
    numbers: [oe('Volkswagen', '1K0 615 123 E'), interchange('Stopwell', 'SW-C54-R')],
  },
};
