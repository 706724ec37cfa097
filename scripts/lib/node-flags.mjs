// How the production server's Node is started, by npm start and by the benchmarks alike.
// A smaller young generation than V8's default keeps the server's peak memory lower under load without
// costing throughput. A fixed old-space limit keeps V8 from sizing the heap from the machine's memory,
// which lets it grow the heap far past what survives a collection.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=1024'];
