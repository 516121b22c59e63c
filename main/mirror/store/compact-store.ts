import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StoreCompaction } from '../../common/sync-types.ts';
import type { SqliteDatabase } from './ledger-store.ts';
import type { CompactWorkerInput, CompactWorkerMessage } from './compact-worker.ts';
import { runWorkerToExit } from '../run-worker.ts';
import { diskFreeBytes, fileBytes, formatStoreBytes, storeFileBytes, storeLiveBytes } from './store-size.ts';

/** Room kept free beyond what compacting writes, so that it does not leave the disk full. */
const SPARE_BYTES = 64 * 2 ** 20;
/** 1,024 pages (4 MiB at SQLite's default page size) per write-back step: progress every few milliseconds. */
const PAGES_PER_STEP = 1024;
const COPY_POLL_MS = 250;

export interface CompactionOutcome {
  /** The store's size on disk before and after (its file and log). */
  beforeBytes: number;
  afterBytes: number;
}

/** The disk lacks the room compacting writes on its way; nothing was changed. */
export class CompactionRoomError extends Error {}

/** The compact copy written beside a store while it is compacted; a leftover one (a crash) is removed on the next attempt. */
export function compactionCopyFile(storeFile: string): string {
  return `${storeFile}.compacting`;
}

export interface CompactOptions {
  onProgress?: (progress: StoreCompaction) => void;
  signal?: AbortSignal;
  /** Room left on the store's disk (tests stand in a nearly full one); default: the file system's own figure. */
  diskFree?: (file: string) => number | null;
  /** Pages written back per step, each followed by a progress report (default 1,024). */
  pagesPerStep?: number;
}

/**
 * Gives a store's freed pages (rows deleted by pruning) back to the disk: SQLite reuses them, but
 * the file never shrinks by itself. The store's connection `db` stays open and keeps answering
 * reads throughout; the work runs in a worker thread (compact-worker.ts): a compact copy beside
 * the store, written back over it as one transaction, then a checkpoint.
 *
 * No write may reach the store meanwhile, or it would be lost when the copy is written back: the
 * caller stops its own writers first, and `db` is made read-only (`query_only`) until the end, so
 * that any other write fails at once instead of vanishing. Needs room on the store's disk for the
 * live data twice (the copy, then the store's log as it is written back); refuses before changing
 * anything when that is not there. Aborting terminates the worker (a copy under way finishes
 * first: SQLite cannot be interrupted from JavaScript); what was written back rolls back.
 */
export async function compactStore(db: SqliteDatabase, options: CompactOptions = {}): Promise<CompactionOutcome> {
  const file = db.name;
  if (db.memory) throw new Error('an in-memory store has no file to compact');
  options.signal?.throwIfAborted();
  const live = storeLiveBytes(db);
  const needed = 2 * live + SPARE_BYTES;
  const free = (options.diskFree ?? diskFreeBytes)(file);
  if (free !== null && free < needed) {
    throw new CompactionRoomError(`compacting needs about ${formatStoreBytes(needed)} free beside the store (a compact copy, then the store rewritten through its log); ${formatStoreBytes(free)} is free in ${path.dirname(file)}`);
  }
  const beforeBytes = storeFileBytes(file);
  const copy = compactionCopyFile(file);
  fs.rmSync(copy, { force: true });
  db.pragma('query_only = 1');
  try {
    await runWorker({ file, copy, pagesPerStep: options.pagesPerStep ?? PAGES_PER_STEP }, live, options);
  } finally {
    db.pragma('query_only = 0');
    fs.rmSync(copy, { force: true });
  }
  return { beforeBytes, afterBytes: storeFileBytes(file) };
}

async function runWorker(input: CompactWorkerInput, liveBytes: number, options: CompactOptions): Promise<void> {
  const { onProgress, signal } = options;
  const worker = new Worker(new URL('./compact-worker.ts', import.meta.url), { workerData: input });
  let step: StoreCompaction['step'] = 'copying';
  onProgress?.({ step, doneBytes: 0, totalBytes: liveBytes });
  // VACUUM INTO says nothing while it runs: the copy's size on disk is its progress.
  const copyPoll = setInterval(() => {
    if (step === 'copying') onProgress?.({ step, doneBytes: Math.min(liveBytes, fileBytes(input.copy)), totalBytes: liveBytes });
  }, COPY_POLL_MS);
  try {
    await runWorkerToExit<CompactWorkerMessage, void>(worker, 'the compaction worker', (message) => {
      if (message.type === 'step') {
        step = message.step;
        onProgress?.({ step, doneBytes: 0, totalBytes: step === 'finishing' ? 0 : liveBytes });
      } else if (message.type === 'written') {
        onProgress?.({ step, doneBytes: Math.round((message.donePages / message.totalPages) * liveBytes), totalBytes: liveBytes });
      } else {
        return { result: undefined };
      }
    }, signal);
  } finally {
    clearInterval(copyPoll);
  }
}
