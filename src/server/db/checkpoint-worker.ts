/**
 * The thread checkpoints.ts starts: every `everyMs` it copies what it can of the write-ahead log back into
 * the database file (a PASSIVE checkpoint, which neither waits for nor blocks the writer), until it is told
 * to stop. Plain JavaScript syntax with type annotations only, so that Node runs it from the sources too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  file: string;
  everyMs: number;
}

const { file, everyMs } = workerData as CheckpointWorkerData;
const db = new Database(file, { fileMustExist: true });
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), everyMs);

parentPort!.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
