// npm start: build the server and the storefront when the sources are newer than the build, then run
// the production server (config from the environment, see README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from './lib/node-flags.mjs';
import { requireSupportedNode } from './lib/require-node.mjs';

// Node 24, which `npm ci` installs (node_modules/.bin/node, first on the PATH of npm scripts), or a clear
// message. The server below runs on this same Node (process.execPath).
requireSupportedNode();

const outputs = ['dist/server/main.js', 'dist/web/index.html'];
const inputs = ['src', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt < Math.max(...inputs.map(newestMtime))) {
  console.log('Building Partsmith (sources changed since the last build)…');
  const { status } = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
