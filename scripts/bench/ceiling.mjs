// The ceiling: a bare node:http server answering the benchmark's URLs with the very bytes our server
// sent, precomputed in memory. Nothing can be faster on this runtime and machine.
// Usage: node ceiling.mjs <responses.json>  (prints its port on stdout)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const responses = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([url, r]) => [url, { headers: r.headers, body: Buffer.from(r.body, 'base64') }]),
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
