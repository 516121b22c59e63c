import { ed25519KeyBytes, publicKeyOf } from '../format/key.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';
import { FIRST_USER_ACCOUNT } from './system-accounts.ts';

/**
 * Gives each user account planned without a key its own ED25519 key (the one its number derives, keys.ts), in
 * every version: a CryptoCreate needs a key, and an account without one could not sign for the transactions it
 * pays (since generator 27; before, about one account in 70 had none and paid all the same). Derived from the
 * number alone, so no random draw moves. Returns the accounts keyed.
 */
export function keyKeylessAccounts(db: SqliteDatabase): number {
  const keyless = db.prepare(`SELECT id FROM entity WHERE type = 'ACCOUNT' AND id >= ? AND key IS NULL ORDER BY id`).pluck()
    .all(FIRST_USER_ACCOUNT) as number[];
  const setKey = db.prepare('UPDATE entity SET key = :key, public_key = :publicKey WHERE id = :id');
  const setHistoryKey = db.prepare('UPDATE entity_history SET key = :key, public_key = :publicKey WHERE id = :id');
  db.transaction(() => {
    for (const id of keyless) {
      const key = ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(id)));
      const params = { id, key, publicKey: publicKeyOf(key) };
      setKey.run(params);
      setHistoryKey.run(params);
    }
  })();
  return keyless.length;
}
