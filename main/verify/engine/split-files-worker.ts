import { parentPort, workerData } from 'node:worker_threads';
import { splitFiles } from '@ethereum-sourcify/lib-sourcify';
import { keccak256Of } from './metadata-contract.ts';
import { routeLibSourcifyLogs } from './quiet-lib-logger.ts';

/** The files of an upload, as splitFilesOffThread hands them over. */
export interface SplitFilesInput {
  files: Array<{ path: string; buffer: Uint8Array }>;
}

/** What the thread answers: lib-sourcify's split with each source file's keccak256 (in order), or the error it threw. */
export type SplitFilesMessage =
  | { kind: 'split'; metadataFiles: unknown[]; sourceFiles: Array<{ path: string; content: string }>; hashes: string[] }
  | { kind: 'failed'; name: string; message: string; code?: unknown };

// Helper thread: decoding, parsing (a build-info is one JSON of up to 50 MiB) and hashing every
// source are the seconds of CPU a large upload costs; done here, the server's loop keeps answering.
// splitFiles logs only debug lines (no errors): nothing of it is worth a line.
routeLibSourcifyLogs(() => {});
const { files } = workerData as SplitFilesInput;
let message: SplitFilesMessage;
try {
  const split = splitFiles(files.map((file) => ({ path: file.path, content: Buffer.from(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength).toString() })));
  message = { kind: 'split', metadataFiles: split.metadataFiles, sourceFiles: split.sourceFiles, hashes: split.sourceFiles.map((file) => keccak256Of(file.content)) };
} catch (error) {
  const { name, message: text, code } = error instanceof Error ? (error as Error & { code?: unknown }) : { name: 'Error', message: String(error), code: undefined };
  message = { kind: 'failed', name, message: text, code };
}
parentPort!.postMessage(message);
