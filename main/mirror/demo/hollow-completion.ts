import { ecdsaKeyBytes, publicKeyOf } from '../format/key.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { prepareVersionCopy } from './entity-versions.ts';
import { EMPTY_KEY_LIST, secp256k1KeysFor } from './keys.ts';

/**
 * Completes each hollow account at its first paid transaction, as HIP-583 has the network do it: a hollow
 * account (created by a transfer to an EVM address, its key an empty key list) pays with a signature of the
 * ECDSA key whose address is its alias, and from that transaction on that key is its key. The demo's hollow
 * accounts have their alias from their secp256k1 key (keys.ts), which becomes the key; the account gets a new
 * version from that moment, as the importer keeps it, and the earlier ones keep the empty key list. One that
 * never paid stays hollow. Since generator 27: before, hollow accounts paid while keyless.
 *
 * Run after every pass that writes versions of accounts (deletions, staking payouts): a version that spans the
 * completion is split there. Returns the rows added.
 */
export function completeHollowAccounts(db: SqliteDatabase): number {
  const hollow = db.prepare(`SELECT e.id, e.evm_address AS address,
      (SELECT min(t.consensus_timestamp) FROM "transaction" t WHERE t.payer_account_id = e.id) AS firstPaid
    FROM entity e WHERE e.type = 'ACCOUNT' AND e.key = ? AND e.evm_address IS NOT NULL ORDER BY e.id`).safeIntegers(true)
    .all(EMPTY_KEY_LIST) as Array<{ id: bigint; address: Buffer; firstPaid: bigint | null }>;
  const paid = hollow.filter((account): account is { id: bigint; address: Buffer; firstPaid: bigint } => account.firstPaid !== null);
  const keys = secp256k1KeysFor(paid.map((account) => Number(account.id)));
  const versions = new KeyVersions(db);
  let rows = 0;
  db.transaction(() => {
    paid.forEach((account, i) => {
      const key = keys[i]!;
      // The key must be the one behind the alias: anything else could not sign for the account.
      if (!key.evmAddress.equals(account.address)) throw new Error(`hollow account ${account.id}: its alias is not its secp256k1 key's address`);
      rows += versions.keyFrom(account.id, account.firstPaid, ecdsaKeyBytes(key.compressed));
    });
  })();
  return rows;
}

/** Sets an account's key from a moment on, splitting the version in force then. */
class KeyVersions {
  readonly #spanning;
  readonly #copySpanning;
  readonly #endSpanning;
  readonly #keyLater;
  readonly #current;
  readonly #copyCurrent;
  readonly #keyCurrent;
  readonly #batchKey;

  constructor(db: SqliteDatabase) {
    const spans = 'id = :id AND timestamp_range_lower < :at AND timestamp_range_upper > :at';
    this.#spanning = db.prepare(`SELECT timestamp_range_lower FROM entity_history WHERE ${spans}`).pluck().safeIntegers(true);
    // The spanning version's part from the completion on, with the key.
    this.#copySpanning = prepareVersionCopy(db, 'entity_history', { key: ':key', public_key: ':publicKey', timestamp_range_lower: ':at' }, spans);
    this.#endSpanning = db.prepare(`UPDATE entity_history SET timestamp_range_upper = :at WHERE ${spans}`);
    this.#keyLater = db.prepare('UPDATE entity_history SET key = :key, public_key = :publicKey WHERE id = :id AND timestamp_range_lower >= :at');
    this.#current = db.prepare('SELECT timestamp_range_lower FROM entity WHERE id = ?').pluck().safeIntegers(true);
    // The current row's part before the completion, keyless.
    this.#copyCurrent = prepareVersionCopy(db, 'entity', { timestamp_range_upper: ':at' }, 'id = :id');
    this.#keyCurrent = db.prepare(`UPDATE entity SET key = :key, public_key = :publicKey,
      timestamp_range_lower = max(timestamp_range_lower, :at) WHERE id = :id`);
    // Its atomic batches are signed by its key as the batch key.
    this.#batchKey = db.prepare('UPDATE "transaction" SET batch_key = :key WHERE payer_account_id = :id AND batch_key = :empty');
  }

  /** Gives account `id` the key `key` from `at` on; returns the versions added. */
  keyFrom(id: bigint, at: bigint, key: Buffer): number {
    const params = { id, at, key, publicKey: publicKeyOf(key) };
    let rows = 0;
    if (this.#spanning.get(params) !== undefined) {
      rows += this.#copySpanning.run(params).changes;
      this.#endSpanning.run(params);
    }
    this.#keyLater.run(params);
    if ((this.#current.get(id) as bigint) < at) rows += this.#copyCurrent.run({ id, at }).changes;
    this.#keyCurrent.run(params);
    this.#batchKey.run({ id, key, empty: EMPTY_KEY_LIST });
    return rows;
  }
}
