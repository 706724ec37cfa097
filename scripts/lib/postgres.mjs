// A throwaway PostgreSQL on 127.0.0.1 for tests and benchmarks (see shared RECIPES): initdb into a temp
// folder, start on a free port, stop and delete on exit. Returns null when PostgreSQL is not installed.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

function findPgBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export async function startPostgres() {
  const bin = findPgBin();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const run = (tool, args) => {
    const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'partsmith-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dataDir, uid, gid);
  }
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run('pg_ctl', [
    '-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '30',
    '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dataDir} -c fsync=off -c max_connections=300`,
    'start',
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  process.on('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
