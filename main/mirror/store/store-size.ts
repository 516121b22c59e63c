import fs from 'node:fs';

/** A store's size on disk: its SQLite file and its write-ahead log (0 for a part that is not there). */
export function storeFileBytes(file: string): number {
  const size = (path: string) => {
    try {
      return fs.statSync(path).size;
    } catch {
      return 0;
    }
  };
  return size(file) + size(`${file}-wal`);
}
