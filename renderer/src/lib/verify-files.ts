/**
 * Turns what the user drops or picks (files, or a whole project folder) into `verify/files/add`
 * calls. A project folder holds much that verification does not need (dependencies' tests, git
 * objects, caches); only files that can be sources or metadata are read, and the uploads are cut
 * into calls small enough for the bridge.
 */
import type { VerifyFileInput } from '../../../main/common/verify-types.ts';
import { bytesToBase64 } from './ledger-format.ts';

/** A file with the path it had inside the dropped folder. */
export interface PickedFile {
  path: string;
  file: Blob;
}

/** Bytes of file content per `verify/files/add` call (base64 adds a third on top). */
export const BATCH_BYTES = 6 * 1024 * 1024;
/**
 * The largest file the screen sends: one call carries at most this (the bridge's
 * MAX_FILE_BYTES_PER_CALL), and a file is never split over calls. Larger ones are left out before
 * anything is sent, named, and the rest still go (the verify API takes a session's 50 MiB in one file).
 */
export const MAX_FILE_BYTES = 24 * 1024 * 1024;
const SKIPPED_FOLDERS = new Set(['.git', '.hg', 'cache', 'cache_hardhat', '.cache', 'typechain', 'typechain-types', 'coverage', '.deps', 'broadcast']);

/**
 * Whether a file of a project folder is worth uploading: Solidity sources, metadata and build
 * outputs (Hardhat `build-info`, Foundry `out/`), zips. Hardhat's per-contract artifacts hold no
 * metadata and are left out; so is everything under folders that are caches or VCS data.
 */
export function wanted(path: string): boolean {
  const parts = path.split('/');
  if (parts.slice(0, -1).some((part) => SKIPPED_FOLDERS.has(part))) return false;
  const name = parts.at(-1)!.toLowerCase();
  if (name.endsWith('.sol') || name.endsWith('.zip')) return true;
  if (!name.endsWith('.json') || name.endsWith('.dbg.json')) return false;
  // Dependencies bring their own package.json, tsconfig and the like: only build outputs are JSON worth reading there.
  if (parts.includes('node_modules')) return parts.includes('build-info');
  if (parts.includes('artifacts')) return parts.includes('build-info');
  return !['package.json', 'package-lock.json', 'tsconfig.json', 'foundry.lock'].includes(name);
}

/** Files dragged in: folders (through webkitGetAsEntry) are walked, loose files taken as they are. */
export async function filesFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.every((entry) => entry === null)) return [...transfer.files].map((file) => ({ path: file.name, file }));
  const out: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, '', out);
  return out;
}

/** Files from `<input type="file">`, with or without `webkitdirectory`. */
export function filesFromInput(list: FileList): PickedFile[] {
  return [...list].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ path, file });
    return;
  }
  if (!entry.isDirectory || SKIPPED_FOLDERS.has(entry.name)) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in chunks (100 in Chromium) until it returns an empty list.
  for (;;) {
    const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (chunk.length === 0) break;
    for (const child of chunk) await walk(child, path, out);
  }
}

/**
 * A dropped folder arrives with its own name first (`my-project/contracts/A.sol`); picking files
 * one by one gives bare names. Paths keep the folder name: metadata and sources are matched by
 * content hash, so the prefix does no harm and keeps two folders' files apart.
 */
export async function toUploads(picked: PickedFile[]): Promise<{ batches: VerifyFileInput[][]; skipped: number; tooLarge: Array<{ name: string; bytes: number }> }> {
  const chosen = picked.filter((p) => wanted(p.path));
  const tooLarge = chosen.filter((p) => p.file.size > MAX_FILE_BYTES).map((p) => ({ name: cleanPath(p.path), bytes: p.file.size }));
  const batches: VerifyFileInput[][] = [];
  let current: VerifyFileInput[] = [];
  let bytes = 0;
  for (const { path, file } of chosen) {
    if (file.size > MAX_FILE_BYTES) continue;
    if (current.length > 0 && (bytes + file.size > BATCH_BYTES || current.length >= 1000)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(await encode(path, file));
    bytes += file.size;
  }
  if (current.length > 0) batches.push(current);
  return { batches, skipped: picked.length - chosen.length, tooLarge };
}

async function encode(path: string, file: Blob): Promise<VerifyFileInput> {
  const name = cleanPath(path);
  if (name.toLowerCase().endsWith('.zip')) return { name, content: await toBase64(file), encoding: 'base64' };
  return { name, content: await file.text(), encoding: 'utf8' };
}

/** Backslashes (Windows) to `/`, no leading `/` or `./`: the shape the bridge accepts. */
export function cleanPath(path: string): string {
  return path.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.').join('/');
}

export async function toBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}
