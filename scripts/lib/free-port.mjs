import { createServer } from 'node:net';

/** A port on 127.0.0.1 nobody listens on now, as the system picks it (never one an outgoing connection holds). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
