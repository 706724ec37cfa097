// Types of require-node.mjs, for src/server/runtime.ts.
export declare const MINIMUM_NODE_MAJOR: number;
export declare function assertSupportedNode(version?: string, execPath?: string): void;
export declare function requireSupportedNode(): void;
