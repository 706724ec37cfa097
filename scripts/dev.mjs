// npm run dev: the API server (restarts on change) and Vite's dev server (hot reload, proxies /api).
import { spawn } from 'node:child_process';
import { requireSupportedNode } from './lib/require-node.mjs';

requireSupportedNode();

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
