// How the production server's Node is started, by npm start and by the benchmarks alike.
// A young generation of 8 MB (instead of V8's 16 MB default) keeps the server's peak memory about
// 25 MB lower under load, at no measured cost in throughput (docs/performance.md).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];
