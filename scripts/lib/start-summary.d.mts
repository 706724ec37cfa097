// Types of start-summary.mjs, for its test (src/server/system/start-summary.test.ts).
export declare function terminalLog(write: (text: string) => void): (line: string) => void;
