import Database from 'better-sqlite3';

/**
 * Leaves `mib` MiB of freed pages in a store file, as the days a store that kept more frees as
 * they go: rows of that size written, then deleted. What the Sync screen then offers to compact.
 */
export function leaveFreedRoom(storeFile: string, mib = 48): void {
  const store = new Database(storeFile, { fileMustExist: true });
  try {
    store.exec('CREATE TABLE e2e_deleted (bytes BLOB)');
    const insert = store.prepare('INSERT INTO e2e_deleted VALUES (zeroblob(?))');
    for (let i = 0; i < mib; i++) insert.run(2 ** 20);
    store.exec('DROP TABLE e2e_deleted');
  } finally {
    store.close();
  }
}
