// How the production server's Node is started, by npm start and by the benchmarks alike.
// A young generation of 8 MB (instead of V8's 16 MB default) keeps the server's peak memory about
// 25 MB lower under load, at no measured cost in throughput (docs/performance.md).
// An old space of at most 1 GB (V8 sizes it from the machine's memory: 4.2 GB on 24 GB) makes V8 grow the
// heap by at most twice what survives a collection instead of up to 4 times (V8's MaxGrowingFactor allows
// 4 only at its own default limit): after the order load, the admin pages took the server from about
// 210-240 to 334-406 MB in four of five runs; with it 235-256. The largest task measured (a 100,000-row
// import) stays under 450 MB in all.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=1024'];
