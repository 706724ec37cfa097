// The load generator, in its own process: autocannon at N connections against one URL, printing
// requests/s, latency and outcome counts as JSON. Order bodies can spread over many parts.
// Usage: node load.mjs '<json spec>'
//   spec: { url, connections, seconds, method?, headers?, body?, tokens?, orders?: { firstPart, parts, lines, quantity } }
//   `tokens`: each request is sent as one of these sessions, picked at random.
//   `orders`: each request orders `lines` consecutive parts (of `quantity` units each) starting at a
//   random one of parts firstPart … firstPart + parts − 1.
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);

/** Where the bench's orders go: pickup at no charge, no sales tax (Oregon), so the ceiling's figures are the shop's. */
const BENCH_ADDRESS = { name: 'Bench Buyer', line1: '1 Bench Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

function orderBody({ firstPart, parts, lines, quantity }) {
  const start = firstPart + Math.floor(Math.random() * (parts - lines + 1));
  const orderLines = Array.from({ length: lines }, (_, i) => ({ productId: start + i, quantity }));
  return JSON.stringify({ lines: orderLines, phone: '5550100', shippingAddress: BENCH_ADDRESS });
}

const request = { method: spec.method ?? 'GET', headers: spec.headers ?? {}, body: spec.body };
const pickToken = () => spec.tokens[Math.floor(Math.random() * spec.tokens.length)];
request.setupRequest = (req) => ({
  ...req,
  ...(spec.orders && { body: orderBody(spec.orders) }),
  ...(spec.tokens && { headers: { ...req.headers, authorization: `Bearer ${pickToken()}` } }),
});

const result = await autocannon({ url: spec.url, connections: spec.connections, duration: spec.seconds, requests: [request] });
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
  }) + '\n',
);
