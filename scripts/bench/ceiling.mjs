// The bytes ceiling: a bare node:http server answering the benchmark's URLs with the bodies the shop sent,
// held in memory, with only content-type and content-length. Nothing on this runtime and machine answers
// those bytes faster: it judges the shop's cached reads.
// Usage: node ceiling.mjs <responses.json>  (prints its port on stdout)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node ceiling.mjs <responses.json>');
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([url, r]) => {
    const body = Buffer.from(r.body, 'base64');
    return [url, { headers: { 'content-type': r.contentType, 'content-length': body.length }, body }];
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
