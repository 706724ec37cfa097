import { DEMO_VCDB_IDS, type VcdbIds, type VehicleIdentity } from '../../shared/fitment.js';

/**
 * The demo vehicle base: common cars of the 2010s sold in North America and Europe, one row per model
 * year × trim × engine. Trims and engines are public knowledge, simplified (a model's engines are listed
 * for every year of the run). Every engine reads "<displacement>L <layout> …" so a decoded displacement
 * ("1.8L") picks it out; electric cars say "Electric".
 */

/** Trim → the engines it was sold with. */
type Trims = Record<string, string[]>;

const run = (make: string, model: string, from: number, to: number, trims: Trims): VehicleIdentity[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((year) =>
    Object.entries(trims).flatMap(([submodel, engines]) => engines.map((engine) => ({ year, make, model, submodel, engine }))),
  );

const demoBase: VehicleIdentity[] = [
  ...run('Toyota', 'Corolla', 2014, 2019, { L: ['1.8L I4'], LE: ['1.8L I4'], SE: ['1.8L I4'] }),
  ...run('Toyota', 'Camry', 2015, 2018, { LE: ['2.5L I4'], SE: ['2.5L I4'], XLE: ['2.5L I4', '3.5L V6'] }),
  ...run('Toyota', 'RAV4', 2016, 2018, { LE: ['2.5L I4'], XLE: ['2.5L I4'] }),
  ...run('Honda', 'Civic', 2016, 2020, { LX: ['2.0L I4'], EX: ['1.5L I4 Turbo'], Sport: ['2.0L I4'] }),
  ...run('Honda', 'Accord', 2014, 2017, { LX: ['2.4L I4'], Sport: ['2.4L I4'], 'EX-L': ['3.5L V6'] }),
  ...run('Honda', 'CR-V', 2017, 2019, { LX: ['2.4L I4'], EX: ['1.5L I4 Turbo'] }),
  ...run('Ford', 'F-150', 2015, 2019, { XL: ['2.7L V6 EcoBoost'], XLT: ['2.7L V6 EcoBoost', '5.0L V8'], Lariat: ['5.0L V8'] }),
  ...run('Ford', 'Focus', 2014, 2018, { S: ['2.0L I4'], SE: ['2.0L I4'] }),
  ...run('Volkswagen', 'Golf', 2015, 2019, { Trendline: ['1.4L I4 TSI'], Comfortline: ['1.4L I4 TSI', '2.0L I4 TDI'], Highline: ['2.0L I4 TDI'] }),
  ...run('BMW', '3 Series', 2016, 2019, { '320i': ['2.0L I4 Turbo'], '330i': ['2.0L I4 Turbo'] }),
  ...run('Chevrolet', 'Silverado 1500', 2014, 2018, { WT: ['4.3L V6'], LT: ['5.3L V8'], 'High Country': ['6.2L V8'] }),
  ...run('Chevrolet', 'Malibu', 2016, 2018, { LS: ['1.5L I4 Turbo'], Premier: ['2.0L I4 Turbo'] }),
  ...run('Nissan', 'Altima', 2014, 2018, { '2.5 S': ['2.5L I4'], '2.5 SV': ['2.5L I4'], '3.5 SR': ['3.5L V6'] }),
  ...run('Nissan', 'Rogue', 2017, 2019, { S: ['2.5L I4'], SV: ['2.5L I4'] }),
  ...run('Hyundai', 'Elantra', 2017, 2020, { SE: ['2.0L I4'], Sport: ['1.6L I4 Turbo'] }),
  ...run('Hyundai', 'Tucson', 2016, 2018, { SE: ['2.0L I4'], Sport: ['1.6L I4 Turbo'] }),
  ...run('Kia', 'Optima', 2016, 2018, { LX: ['2.4L I4'], SX: ['2.0L I4 Turbo'] }),
  ...run('Mazda', 'Mazda3', 2014, 2018, { Sport: ['2.0L I4'], Touring: ['2.5L I4'] }),
  ...run('Subaru', 'Outback', 2015, 2019, { '2.5i': ['2.5L H4'], '3.6R': ['3.6L H6'] }),
  ...run('Jeep', 'Wrangler', 2014, 2017, { Sport: ['3.6L V6'], Rubicon: ['3.6L V6'] }),
  ...run('Mercedes-Benz', 'C-Class', 2015, 2018, { 'C 300': ['2.0L I4 Turbo'], 'C 220 d': ['2.1L I4 Diesel'] }),
  ...run('Audi', 'A4', 2017, 2019, { Premium: ['2.0L I4 TFSI'], 'Premium Plus': ['2.0L I4 TFSI'] }),
  ...run('Tesla', 'Model 3', 2018, 2020, { 'Standard Range Plus': ['Electric'], 'Long Range': ['Electric'] }),
  ...run('Renault', 'Clio', 2014, 2019, { Expression: ['0.9L I3 TCe'], Dynamique: ['1.2L I4 TCe', '1.5L I4 dCi'] }),
  ...run('Peugeot', '208', 2014, 2019, { Active: ['1.2L I3 PureTech'], Allure: ['1.6L I4 BlueHDi'] }),
  ...run('Skoda', 'Octavia', 2014, 2019, { Ambition: ['1.4L I4 TSI'], Style: ['2.0L I4 TDI'], RS: ['2.0L I4 TSI'] }),
  ...run('Opel', 'Astra', 2016, 2019, { Edition: ['1.4L I4 Turbo'], Innovation: ['1.6L I4 CDTI'] }),
];

/**
 * Made-up VCdb ids for the demo vehicles, in the demo range (DEMO_VCDB_IDS): each make, model, base
 * vehicle (year, make, model), submodel name and engine gets the next id of its kind in the order the
 * list names them, so the demo ACES file (docs/samples/) can name them. Appending to the list keeps them.
 */
function withDemoIds(vehicles: VehicleIdentity[]): (VehicleIdentity & VcdbIds)[] {
  const kinds = { make: new Map<string, number>(), model: new Map<string, number>(), base: new Map<string, number>(), submodel: new Map<string, number>(), engine: new Map<string, number>() };
  const idOf = (kind: keyof typeof kinds, key: string) => {
    const ids = kinds[kind];
    if (!ids.has(key)) ids.set(key, DEMO_VCDB_IDS.from + ids.size + 1);
    return ids.get(key)!;
  };
  return vehicles.map((v) => ({
    ...v,
    makeId: idOf('make', v.make),
    modelId: idOf('model', `${v.make}\n${v.model}`),
    baseVehicleId: idOf('base', `${v.year}\n${v.make}\n${v.model}`),
    subModelId: idOf('submodel', v.submodel),
    engineBaseId: idOf('engine', v.engine),
  }));
}

export const demoVehicles = withDemoIds(demoBase);
