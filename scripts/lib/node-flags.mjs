// How the production server's Node is started, by npm start and by the benchmarks alike.
// A young generation of 8 MB (instead of V8's 16 MB default) keeps the server's peak memory about
// 25 MB lower under load, at no measured cost in throughput (docs/performance-history.md).
// An old space of at most 1 GB (V8 sizes it from the machine's memory: 4.2 GB on 24 GB) makes V8 grow the
// heap by at most twice what survives a collection instead of up to 4 times (V8's MaxGrowingFactor allows
// 4 only at its own default limit): after the order load, the admin pages took the server from about
// 210-240 to 334-406 MB in four of five runs; with it 235-256. The largest task measured (a 100,000-row
// import) stays under 450 MB in all.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=1024'];

// glibc's malloc raises its mmap threshold to the size of any large block freed (up to 32 MB): blocks
// below it then come from malloc's arenas, which keep what is freed. Fixed at its initial 128 kB, the
// server's peak was 12-25 MB lower under orders and the admin overview (docs/performance-history.md,
// thirty-first session). Ignored by other C libraries; an operator's own GLIBC_TUNABLES are kept as they are.
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/** The environment the production server runs with: the caller's, and malloc's fixed threshold. */
export function serverEnvironment(env = process.env) {
  return { ...env, GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? MALLOC_TUNABLES };
}
