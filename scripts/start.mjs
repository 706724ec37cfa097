// npm start: build the server and the storefront when the sources are newer than the build, then run
// the production server (config from the environment, see README). In a terminal (and outside production)
// the build's output is kept back unless it fails, and the server's log reads as a short summary
// (scripts/lib/start-summary.mjs); otherwise both pass through as they are.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from './lib/node-flags.mjs';
import { requireSupportedNode } from './lib/require-node.mjs';
import { terminalLog } from './lib/start-summary.mjs';

// Node 24, which `npm ci` installs (node_modules/.bin/node, first on the PATH of npm scripts), or a clear
// message. The server below runs on this same Node (process.execPath).
requireSupportedNode();

const readable = Boolean(process.stdout.isTTY) && process.env.NODE_ENV !== 'production';
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
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { stdio: readable ? 'pipe' : 'inherit', encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    if (readable) process.stdout.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    process.exit(build.status ?? 1);
  }
  if (readable) console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], { stdio: ['inherit', readable ? 'pipe' : 'inherit', 'inherit'] });
if (readable) {
  const print = terminalLog((text) => process.stdout.write(`${text}\n`));
  createInterface({ input: server.stdout, crlfDelay: Infinity }).on('line', print);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
// 'close', not 'exit': the log's last lines are read before the script ends.
server.on('close', (code) => process.exit(code ?? 0));
