// The ceiling: a bare node:http server answering the benchmark's URLs with the bodies our server sent,
// precomputed in memory. Nothing can be faster on this runtime and machine.
//   minimal: only content-type and content-length (what a user compares a shop against)
//   replay:  every header our server sent, so the difference to `minimal` is the cost of our headers
// Usage: node ceiling.mjs <responses.json> minimal|replay  (prints its port on stdout)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, mode] = process.argv.slice(2);
if (!['minimal', 'replay'].includes(mode)) throw new Error('usage: node ceiling.mjs <responses.json> minimal|replay');
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([url, r]) => {
    const body = Buffer.from(r.body, 'base64');
    const headers = mode === 'replay' ? r.headers : { 'content-type': r.headers['content-type'] };
    return [url, { headers: { ...headers, 'content-length': body.length }, body }];
  }),
);
const notFound = Buffer.from('{"error":{"code":"not_found","message":"Route not found"}}');

const server = createServer((request, response) => {
  const answer = responses.get(request.url);
  if (!answer) {
    response.writeHead(404, { 'content-type': 'application/json' });
    return response.end(notFound);
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
