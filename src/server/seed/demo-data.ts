/** The demo catalog: the manufacturer's original six parts first, then six more. Prices in dollars. */
export const demoProducts = [
  { name: 'Headlight', min: 100, stock: 1250, price: 94, img: 'headlight.svg',
    description: 'Sealed LED headlight unit with a polycarbonate lens, DOT-approved beam pattern and a 30,000-hour rated life.' },
  { name: 'Brake light', min: 150, stock: 1850, price: 30, img: 'brake-light.svg',
    description: 'Bright red LED brake light assembly, water-tight housing, plug-and-play harness for most sedans.' },
  { name: 'Tire', min: 50, stock: 850, price: 140, img: 'tire.svg',
    description: 'All-season radial tire 205/55 R16 with a quiet tread pattern and strong wet grip.' },
  { name: 'Windshield Wiper', min: 200, stock: 2250, price: 28, img: 'windshield-wiper.svg',
    description: 'Beam-style wiper blade with natural rubber edge for a streak-free sweep in rain and snow.' },
  { name: 'Rear-view Mirror', min: 150, stock: 1500, price: 65, img: 'rear-view-mirror.svg',
    description: 'Auto-dimming interior rear-view mirror with a frameless design and universal windshield mount.' },
  { name: 'Hubcap', min: 140, stock: 1750, price: 40, img: 'hubcap.svg',
    description: '16-inch ABS hubcap with a silver finish and a steel retaining ring that stays put at speed.' },
  { name: 'Brake Pad Set', min: 100, stock: 2000, price: 24.5, img: 'brake-pads.svg',
    description: 'Ceramic front brake pads, low dust and low noise, with shims and hardware included.' },
  { name: 'Spark Plug', min: 300, stock: 5000, price: 6.75, img: 'spark-plug.svg',
    description: 'Iridium-tipped spark plug for a steady spark, smoother idle and up to 100,000 km of service.' },
  { name: 'Air Filter', min: 120, stock: 1600, price: 12.99, img: 'air-filter.svg',
    description: 'Pleated engine air filter that traps 99% of dust while keeping full airflow to the engine.' },
  { name: 'Radiator', min: 20, stock: 400, price: 189, img: 'radiator.svg',
    description: 'Aluminium core radiator with plastic tanks, pressure-tested and ready to bolt in.' },
  { name: 'Alternator', min: 25, stock: 500, price: 215, img: 'alternator.svg',
    description: '120 A alternator, new (not remanufactured), with a built-in voltage regulator and pulley.' },
  { name: 'Shock Absorber', min: 60, stock: 900, price: 79.9, img: 'shock-absorber.svg',
    description: 'Twin-tube gas shock absorber that restores ride comfort and handling on worn suspensions.' },
].map((p) => ({ ...p, img: `/images/products/${p.img}` }));

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

export const demoAccounts = {
  admin: { name: 'Demo Admin', email: 'admin@partsmith.example', password: 'partsmith-admin' },
  customer: { name: 'Demo Customer', email: 'customer@partsmith.example', password: 'partsmith-customer' },
};
