import { Worker } from 'node:worker_threads';
import type { CheckpointWorkerData } from './checkpoint-worker.js';

/**
 * Copies the write-ahead log back into the database file on a thread of its own (checkpoint-worker.ts).
 * SQLite does it by default inside the commit that crosses its threshold, on the one thread that answers
 * requests, where a large checkpoint makes that commit slow. The committing thread still checkpoints once
 * the log passes `backstopPages` (should the worker fall behind or fail), so the log stays bounded either way.
 */
export function checkpointInBackground(file: string, everyMs = 200): { stop(): void } {
  const workerData: CheckpointWorkerData = { file, everyMs };
  const worker = new Worker(checkpointWorkerUrl(import.meta.url), {
    workerData,
    // The thread only runs a pragma: a small young generation collects its garbage early, so its memory
    // stays small. The old generation's ceiling leaves room for Node's type stripping, which the thread
    // loads when it runs from the sources.
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 32 },
  });
  worker.unref();
  let stopped = false;
  worker.on('error', (error) => {
    // Once stopped, the database may be gone before the thread got to open it: nothing fell back then.
    if (!stopped) process.emitWarning(`WAL checkpoints fell back to the committing thread: ${error.message}`);
  });
  return {
    stop: () => {
      stopped = true;
      worker.postMessage('stop');
    },
  };
}

/** The log's size, in pages, past which the committing thread checkpoints itself. */
export const backstopPages = 10_000;

/**
 * The worker's file beside this module: checkpoint-worker.ts when this runs from the sources (Node strips
 * the types), checkpoint-worker.js in the compiled build, which tsc does not rename in a URL.
 */
export function checkpointWorkerUrl(moduleUrl: string): URL {
  return new URL(moduleUrl.endsWith('.ts') ? './checkpoint-worker.ts' : './checkpoint-worker.js', moduleUrl);
}
