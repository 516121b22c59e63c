import { afterAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';

describe('LedgerStore connection settings (a real SQLite file)', () => {
  const { store, dispose } = tempStore();
  afterAll(dispose);

  it('maps as much of the file as the bundled SQLite allows, in WAL mode, writable and read-only alike', () => {
    // 0x7fff0000 is SQLITE_MAX_MMAP_SIZE: a setting the build cut down would read back smaller.
    expect(store.db.pragma('mmap_size', { simple: true })).toBe(0x7fff0000);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    const reader = new LedgerStore({ file: store.file, readonly: true });
    expect(reader.db.pragma('mmap_size', { simple: true })).toBe(0x7fff0000);
    reader.close();
  });
});
