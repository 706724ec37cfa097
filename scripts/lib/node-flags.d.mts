// Types of node-flags.mjs, for its test in src/server/runtime.test.ts.
export declare const SERVER_NODE_FLAGS: string[];
export declare const MALLOC_TUNABLES: string;
export declare function serverEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
