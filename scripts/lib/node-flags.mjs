// How the production server's Node is started, by npm start and by the benchmarks alike.
// A young generation of 8 MB (instead of V8's 16 MB default) keeps the server's peak memory about
// 25 MB lower under load, at no measured cost in throughput (docs/performance.md).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];

/**
 * The server's environment: what the caller set, over these defaults. glibc gives each thread that
 * allocates (libuv's pool, V8's helpers, the checkpoint worker) a malloc arena of its own, and memory
 * freed in one is not reused by another: under the benchmark's load the server's peak RSS climbed
 * through every phase (290 MB in a short run); with two arenas it stays flat after the reads (237 MB).
 */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
