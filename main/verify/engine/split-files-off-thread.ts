import { Worker } from 'node:worker_threads';
import { splitFiles, type PathBuffer } from '@ethereum-sourcify/lib-sourcify';
import { runWorkerToExit } from '../../mirror/run-worker.ts';
import { OFF_THREAD_MIN_BYTES } from '../off-thread-min-bytes.ts';
import { rememberHashes } from './metadata-contract.ts';
import { inReadingTurn } from './reading-threads.ts';
import type { SplitFilesInput, SplitFilesMessage } from './split-files-worker.ts';

/** lib-sourcify's split of the files into metadata and possible sources. */
export type SplitFiles = ReturnType<typeof splitFiles>;

/**
 * lib-sourcify's splitFiles over the files, decoded as UTF-8: for files of OFF_THREAD_MIN_BYTES
 * or more, in a helper thread, which also hashes each source file (rememberHashes: the contracts
 * made from this split do not hash them again; READING_THREADS at a time); smaller ones here. What splitFiles throws is
 * thrown alike (its name, message and code). `signal` aborting (the client of the upload gone)
 * terminates the thread, or keeps it from starting, and rejects with its reason.
 */
export async function splitFilesOf(files: readonly PathBuffer[], signal?: AbortSignal): Promise<SplitFiles> {
  const bytes = files.reduce((sum, file) => sum + file.buffer.length, 0);
  if (bytes < OFF_THREAD_MIN_BYTES) return splitFiles(files.map((f) => ({ path: f.path, content: f.buffer.toString() })));
  const input: SplitFilesInput = { files: files.map((f) => ({ path: f.path, buffer: f.buffer })) };
  const message = await inReadingTurn(() => {
    // Aborted while waiting for its turn: the abort event came before runWorkerToExit could listen for it.
    signal?.throwIfAborted();
    return runWorkerToExit<SplitFilesMessage, SplitFilesMessage>(
      new Worker(new URL('./split-files-worker.ts', import.meta.url), { workerData: input }), 'the upload reading thread', (m) => ({ result: m }), signal);
  });
  if (message.kind === 'failed') throw Object.assign(new Error(message.message), { name: message.name }, message.code === undefined ? {} : { code: message.code });
  rememberHashes(message.sourceFiles, message.hashes);
  return { metadataFiles: message.metadataFiles as SplitFiles['metadataFiles'], sourceFiles: message.sourceFiles };
}
