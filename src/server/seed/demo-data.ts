import type { CategorySlug } from '../../shared/catalog.js';
import type { ProductInput } from '../../shared/product-schemas.js';

/**
 * The demo catalog: the manufacturer's original six parts first, then the rest of the range. Part
 * numbers, OE-style specs and prices are made up for the demo. Prices in dollars. The parts that tests
 * order or price (Tire, Radiator, the original six) have neither price breaks nor a pack size.
 */
type DemoProduct = Omit<ProductInput, 'img'> & { img: string };
/** Sold in bulk (packs, price breaks), or remanufactured with a refundable core deposit. */
type Extras = Pick<ProductInput, 'packSize' | 'priceBreaks' | 'coreCharge'>;

const p = (sku: string, category: CategorySlug, name: string, price: number, stock: number, min: number, img: string, description: string, specs: Record<string, string>, extras: Extras = {}): DemoProduct => ({
  sku, category, name, price, stock, min, img: `/images/products/${img}`, description, weightGrams: DEMO_WEIGHTS_GRAMS[sku] ?? 0,
  specs: Object.entries(specs).map(([specName, value]) => ({ name: specName, value })),
  ...extras,
});

/** Shipping weight of one unit (a pack's parts counted one by one), in grams. */
const DEMO_WEIGHTS_GRAMS: Record<string, number> = {
  'LT-4410': 2300, 'LT-2150': 650, 'WT-2055-16': 9100, 'WP-5522': 240, 'MR-3080': 480, 'WT-1616-S': 520, 'BR-1507': 1200,
  'EN-0412-IR': 45, 'FL-2201': 310, 'CL-7030': 5400, 'EL-1201-120': 5200, 'SU-6620-F': 2100, 'LT-0H7-55': 90, 'LT-FG-880': 780,
  'BR-2801-V': 6800, 'BR-1508': 950, 'WT-2254-17': 10400, 'WT-1515-S': 470, 'WP-4518': 200, 'WP-3012-R': 150, 'MR-5510-L': 260,
  'EN-9920-TB': 1850, 'FL-0540-OF': 330, 'FL-3300-CB': 180, 'SU-6620-R': 1900, 'CL-7100-TH': 210, 'EL-4455-ST': 3600, 'BD-2020-BL': 120,
  'BR-3105-RC': 3400,
};

/** Price breaks as `[from quantity, dollars per unit]`. */
const breaks = (...tiers: [number, number][]) => tiers.map(([minQuantity, price]) => ({ minQuantity, price }));

export const demoProducts: DemoProduct[] = [
  p('LT-4410', 'lighting', 'Headlight', 94, 1250, 100, 'headlight.svg',
    'Sealed LED headlight unit with a polycarbonate lens, DOT-approved beam pattern and a 30,000-hour rated life.',
    { 'Light source': 'LED', Voltage: '12 V', Power: '35 W', 'Colour temperature': '6000 K', Warranty: '3 years' }),
  p('LT-2150', 'lighting', 'Brake light', 30, 1850, 150, 'brake-light.svg',
    'Bright red LED brake light assembly, water-tight housing, plug-and-play harness for most sedans.',
    { 'Light source': 'LED', Voltage: '12 V', 'Ingress protection': 'IP67', Warranty: '2 years' }),
  p('WT-2055-16', 'wheels-tires', 'Tire', 140, 850, 50, 'tire.svg',
    'All-season radial tire 205/55 R16 with a quiet tread pattern and strong wet grip.',
    { Size: '205/55 R16', 'Load index': '91', 'Speed rating': 'V', Season: 'All-season' }),
  p('WP-5522', 'wipers', 'Windshield Wiper', 28, 2250, 200, 'windshield-wiper.svg',
    'Beam-style wiper blade with natural rubber edge for a streak-free sweep in rain and snow.',
    { Length: '22 in (550 mm)', Type: 'Beam', Connector: 'J-hook', Material: 'Natural rubber' }),
  p('MR-3080', 'mirrors', 'Rear-view Mirror', 65, 1500, 150, 'rear-view-mirror.svg',
    'Auto-dimming interior rear-view mirror with a frameless design and universal windshield mount.',
    { Dimming: 'Automatic', Mount: 'Windshield button', Width: '250 mm' }),
  p('WT-1616-S', 'wheels-tires', 'Hubcap', 40, 1750, 140, 'hubcap.svg',
    '16-inch ABS hubcap with a silver finish and a steel retaining ring that stays put at speed.',
    { Diameter: '16 in', Material: 'ABS', Finish: 'Silver' }),
  p('BR-1507', 'brakes', 'Brake Pad Set', 24.5, 2000, 100, 'brake-pads.svg',
    'Ceramic front brake pads, low dust and low noise, with shims and hardware included.',
    { Position: 'Front axle', Material: 'Ceramic', Thickness: '17.5 mm', 'Wear sensor': 'Included' }),
  p('EN-0412-IR', 'engine', 'Spark Plug', 6.75, 5000, 300, 'spark-plug.svg',
    'Iridium-tipped spark plug for a steady spark, smoother idle and up to 100,000 km of service.',
    { Electrode: 'Iridium', Thread: 'M14 x 1.25', Gap: '0.8 mm', 'Service life': '100,000 km' }, { packSize: 4, priceBreaks: breaks([500, 6.25], [1000, 5.9], [2000, 5.6]) }),
  p('FL-2201', 'filters', 'Air Filter', 12.99, 1600, 120, 'air-filter.svg',
    'Pleated engine air filter that traps 99% of dust while keeping full airflow to the engine.',
    { Shape: 'Panel', Length: '245 mm', Width: '180 mm', Efficiency: '99%' }, { priceBreaks: breaks([250, 11.99], [500, 10.99], [1000, 9.95]) }),
  p('CL-7030', 'cooling', 'Radiator', 189, 400, 20, 'radiator.svg',
    'Aluminium core radiator with plastic tanks, pressure-tested and ready to bolt in.',
    { Core: 'Aluminium', Rows: '2', 'Core size': '650 x 400 mm', Transmission: 'Manual or automatic' }),
  p('EL-1201-120', 'electrical', 'Alternator', 215, 500, 25, 'alternator.svg',
    '120 A alternator, remanufactured to OE specification and bench-tested, with a new voltage regulator and pulley. The core deposit comes back when your old unit does.',
    { Output: '120 A', Voltage: '14 V', Pulley: '6-groove', Condition: 'Remanufactured' }, { priceBreaks: breaks([50, 205], [100, 195]), coreCharge: 25 }),
  p('SU-6620-F', 'suspension', 'Shock Absorber', 79.9, 900, 60, 'shock-absorber.svg',
    'Twin-tube gas shock absorber that restores ride comfort and handling on worn suspensions.',
    { Position: 'Front axle', Type: 'Twin-tube gas', 'Extended length': '520 mm' }),
  p('LT-0H7-55', 'lighting', 'H7 Halogen Bulb (pair)', 11.5, 4000, 50, 'headlight.svg',
    'Pair of H7 halogen headlight bulbs, 55 W, E-marked, 30% brighter than standard bulbs.',
    { 'Bulb type': 'H7', Voltage: '12 V', Power: '55 W', Base: 'PX26d' }, { priceBreaks: breaks([100, 10.75], [250, 9.9], [1000, 8.95]) }),
  p('LT-FG-880', 'lighting', 'Fog Lamp', 42, 600, 40, 'headlight.svg',
    'Round LED fog lamp with a wide, flat beam and a stone-resistant glass lens.',
    { 'Light source': 'LED', Diameter: '90 mm', Voltage: '12 V', 'Ingress protection': 'IP68' }),
  p('BR-2801-V', 'brakes', 'Brake Disc', 54, 700, 20, 'brake-disc.svg',
    'Vented front brake disc, 280 mm, high-carbon cast iron with a black anti-corrosion coating.',
    { Position: 'Front axle', Diameter: '280 mm', Thickness: '22 mm', Type: 'Vented' }),
  p('BR-1508', 'brakes', 'Rear Brake Pad Set', 21, 1800, 100, 'brake-pads.svg',
    'Semi-metallic rear brake pads with a chamfered edge for quiet stops and long pad life.',
    { Position: 'Rear axle', Material: 'Semi-metallic', Thickness: '15 mm' }, { priceBreaks: breaks([250, 19.5], [500, 18.25]) }),
  p('WT-2254-17', 'wheels-tires', 'Performance Tire', 176, 320, 20, 'tire.svg',
    'Summer performance tire 225/45 R17 with an asymmetric tread for sharp steering and short braking.',
    { Size: '225/45 R17', 'Load index': '94', 'Speed rating': 'W', Season: 'Summer' }),
  p('WT-1515-S', 'wheels-tires', 'Hubcap 15-inch', 34, 1200, 140, 'hubcap.svg',
    '15-inch ABS hubcap, silver with a black centre, fits steel wheels with a 4- or 5-bolt pattern.',
    { Diameter: '15 in', Material: 'ABS', Finish: 'Silver and black' }),
  p('WP-4518', 'wipers', 'Wiper Blade 18-inch', 22, 2600, 200, 'windshield-wiper.svg',
    'Beam-style wiper blade, 18 inch, for the passenger side of most compact cars.',
    { Length: '18 in (450 mm)', Type: 'Beam', Connector: 'J-hook' }, { packSize: 2 }),
  p('WP-3012-R', 'wipers', 'Rear Wiper Blade', 14, 1400, 100, 'windshield-wiper.svg',
    'Rear window wiper blade, 12 inch, with a spoiler shell that keeps contact at motorway speed.',
    { Length: '12 in (300 mm)', Position: 'Rear window', Material: 'Synthetic rubber' }),
  p('MR-5510-L', 'mirrors', 'Side Mirror Glass (left)', 26, 800, 40, 'rear-view-mirror.svg',
    'Heated, convex replacement glass for the left door mirror, with a clip-on backing plate.',
    { Side: 'Left', Heated: 'Yes', Shape: 'Convex' }),
  p('EN-9920-TB', 'engine', 'Timing Belt Kit', 118, 300, 10, 'timing-belt.svg',
    'Timing belt kit with tensioner and idler pulleys: everything a timing belt change needs in one box.',
    { Teeth: '137', Width: '25 mm', Contents: 'Belt, tensioner, idler' }, { priceBreaks: breaks([25, 112], [50, 106]) }),
  p('FL-0540-OF', 'filters', 'Oil Filter', 7.4, 3600, 240, 'oil-filter.svg',
    'Spin-on oil filter with an anti-drain-back valve and a synthetic-blend medium.',
    { Thread: 'M20 x 1.5', Height: '86 mm', 'Bypass valve': '1 bar' }, { packSize: 12, priceBreaks: breaks([480, 6.95], [1200, 6.5]) }),
  p('FL-3300-CB', 'filters', 'Cabin Air Filter', 15.5, 1900, 120, 'air-filter.svg',
    'Activated-carbon cabin filter that keeps pollen, dust and odours out of the car.',
    { Medium: 'Activated carbon', Length: '280 mm', Width: '206 mm' }, { priceBreaks: breaks([250, 14.25], [500, 13.25]) }),
  p('SU-6620-R', 'suspension', 'Rear Shock Absorber', 72, 850, 60, 'shock-absorber.svg',
    'Twin-tube gas shock absorber for the rear axle, with mounting hardware.',
    { Position: 'Rear axle', Type: 'Twin-tube gas', 'Extended length': '480 mm' }),
  p('CL-7100-TH', 'cooling', 'Thermostat', 18, 1100, 50, 'radiator.svg',
    'Wax-element thermostat with a gasket, opening at 88 °C for a quick warm-up.',
    { 'Opening temperature': '88 °C', Gasket: 'Included' }),
  p('EL-4455-ST', 'electrical', 'Starter Motor', 164, 260, 10, 'alternator.svg',
    'New 1.4 kW starter motor with a 9-tooth pinion, for petrol engines up to 2.0 l.',
    { Power: '1.4 kW', Voltage: '12 V', Teeth: '9' }),
  p('BD-2020-BL', 'body', 'Bumper Bracket', 9.5, 5, 20, 'bumper-bracket.svg',
    'Front bumper mounting bracket in glass-fibre reinforced nylon; clips in without drilling.',
    { Material: 'PA6-GF30', Position: 'Front' }),
  p('BR-3105-RC', 'brakes', 'Brake Caliper', 68, 400, 10, 'brake-disc.svg',
    'Remanufactured single-piston front brake caliper with new seals, piston and bleeder screw. The core deposit comes back when your old caliper does.',
    { Position: 'Front axle', Pistons: '1', 'Piston diameter': '54 mm', Condition: 'Remanufactured' }, { coreCharge: 30 }),
];

export const demoReviews = [
  { name: 'Alex Morgan', email: 'alex.morgan@example.com', rating: 5,
    comment: 'Ordered 200 wiper blades for our fleet. Well packed, on time, and the quality is excellent.' },
  { name: 'Priya Nair', email: 'priya.nair@example.com', rating: 5,
    comment: 'The LED headlights fit our vans perfectly. Customer service answered within the hour.' },
  { name: 'Tomás Ruiz', email: 'tomas.ruiz@example.com', rating: 4,
    comment: 'Good tires for the price. Delivery took a day longer than promised, but everything arrived.' },
  { name: 'Grace Chen', email: 'grace.chen@example.com', rating: 5,
    comment: 'Brake pads are quiet and low-dust, exactly as described. We will order again next quarter.' },
];

/** Their password is not here: each install makes its own when it creates them (seed.ts). */
export const demoAccounts = {
  admin: { name: 'Demo Admin', email: 'admin@partsmith.example' },
  customer: { name: 'Demo Customer', email: 'customer@partsmith.example' },
};

/** The demo price list (issue 63): 5 % off every part, and a contract price with its own tier for the brake pads. */
export const demoPriceList = {
  id: 'fleet-contract',
  name: 'Fleet contract',
  discountPercent: 5,
  prices: [
    { sku: 'BR-1507', price: 22, minQuantity: 1 },
    { sku: 'BR-1507', price: 21, minQuantity: 500 },
  ],
  validFrom: null,
  validTo: null,
};

/** The demo trade account: demo trade customer 0 (Harbor Fleet Services) applied and was approved with the demo price list. */
export const demoTradeCompany = {
  customer: 0,
  application: {
    name: 'Harbor Fleet Services',
    vatId: undefined,
    taxCertificate: undefined,
    phone: '+1 555 0101',
    address: { name: 'Harbor Fleet Services', company: 'Harbor Fleet Services', line1: '12 Pier Road', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US', phone: '+1 555 0101' },
  },
};
