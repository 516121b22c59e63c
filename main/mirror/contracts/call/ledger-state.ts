import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, Address, bytesToHex, createAccount, KECCAK256_NULL } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sqlInt } from '../../format/entity-id.ts';
import type { StatementCache } from '../../query/statement-cache.ts';
import type { StateOverride } from './state-overrides.ts';
import { currentEntity, entityAt, type EntityState } from './stored-entity.ts';

/** Which ledger state a call reads: the current one, or the one at the end of a block. */
export type StateView = { kind: 'latest' } | { kind: 'at'; timestamp: bigint };

const EMPTY = new Uint8Array(0);

/**
 * The EVM's view of the ledger: accounts, code and storage read from the local store on
 * first use, with every write kept in memory only (a call never changes the store). Writes
 * sit in a stack of layers that the EVM checkpoints, commits and reverts. A call's state
 * overrides stand in for the store underneath all of them: the state the call starts from.
 */
export class LedgerState implements StateManagerInterface {
  readonly #statements: StatementCache;
  readonly #view: StateView;
  readonly #shard: number;
  readonly #realm: number;
  readonly #entities = new Map<string, EntityState | null>();
  readonly #stored = new Map<string, Uint8Array>();
  #accounts: Array<Map<string, Account | undefined>> = [new Map()];
  #code: Array<Map<string, Uint8Array>> = [new Map()];
  #storage: Array<Map<string, Uint8Array>> = [new Map()];

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => this.#storedValue(address, key),
    clear: (): void => {},
  };

  /** The call's state overrides, by address (lower-case hex, no 0x). */
  readonly #overrides: Map<string, StateOverride>;

  constructor(statements: StatementCache, view: StateView, shard: number, realm: number, overrides: readonly StateOverride[] = []) {
    this.#statements = statements;
    this.#view = view;
    this.#shard = shard;
    this.#realm = realm;
    this.#overrides = new Map(overrides.map((override) => [Buffer.from(override.address).toString('hex'), override]));
  }

  /** The entity id behind an EVM address (long-zero form, EVM address or 20-byte alias), or null. */
  entityIdOf(address: Uint8Array): bigint | null {
    return this.#entity(address)?.id ?? null;
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const key = address.toString();
    for (let i = this.#accounts.length - 1; i >= 0; i--) {
      if (this.#accounts[i]!.has(key)) return this.#accounts[i]!.get(key);
    }
    const entity = this.#entity(address.bytes);
    const override = this.#override(address);
    if (!entity && !override) return undefined;
    const code = override?.code ?? entity?.code ?? EMPTY;
    return createAccount({
      nonce: override?.nonce ?? entity?.nonce ?? 0n,
      balance: override?.balance ?? entity?.balance ?? 0n,
      codeHash: code.length > 0 ? keccak_256(code) : KECCAK256_NULL,
    });
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    this.#top(this.#accounts).set(address.toString(), account);
  }

  async deleteAccount(address: Address): Promise<void> {
    this.#top(this.#accounts).set(address.toString(), undefined);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    if (fields.codeHash !== undefined) account.codeHash = fields.codeHash;
    if (fields.storageRoot !== undefined) account.storageRoot = fields.storageRoot;
    await this.putAccount(address, account);
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    this.#top(this.#code).set(address.toString(), value);
    await this.modifyAccountFields(address, { codeHash: keccak_256(value) });
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const key = address.toString();
    for (let i = this.#code.length - 1; i >= 0; i--) {
      const code = this.#code[i]!.get(key);
      if (code !== undefined) return code;
    }
    return this.#override(address)?.code ?? this.#entity(address.bytes)?.code ?? EMPTY;
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const slot = `${address.toString()}:${bytesToHex(key)}`;
    for (let i = this.#storage.length - 1; i >= 0; i--) {
      const value = this.#storage[i]!.get(slot);
      if (value !== undefined) return value;
    }
    return this.#storedValue(address, key);
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.#top(this.#storage).set(`${address.toString()}:${bytesToHex(key)}`, stripZeros(value));
  }

  async clearStorage(address: Address): Promise<void> {
    // Only reachable through SELFDESTRUCT of a contract created in the same call.
    const prefix = `${address.toString()}:`;
    for (const layer of this.#storage) for (const key of layer.keys()) if (key.startsWith(prefix)) layer.set(key, EMPTY);
  }

  async checkpoint(): Promise<void> {
    this.#accounts.push(new Map());
    this.#code.push(new Map());
    this.#storage.push(new Map());
  }

  async commit(): Promise<void> {
    for (const stack of [this.#accounts, this.#code, this.#storage] as Array<Array<Map<string, unknown>>>) {
      const top = stack.pop()!;
      const below = stack.at(-1)!;
      for (const [key, value] of top) below.set(key, value);
    }
  }

  async revert(): Promise<void> {
    this.#accounts.pop();
    this.#code.pop();
    this.#storage.pop();
  }

  async getStateRoot(): Promise<Uint8Array> {
    throw new Error('state roots are not kept for local contract calls');
  }

  async setStateRoot(): Promise<void> {
    throw new Error('state roots are not kept for local contract calls');
  }

  async hasStateRoot(): Promise<boolean> {
    return false;
  }

  clearCaches(): void {}

  shallowCopy(): StateManagerInterface {
    return new LedgerState(this.#statements, this.#view, this.#shard, this.#realm, [...this.#overrides.values()]);
  }

  #override(address: Address): StateOverride | undefined {
    return this.#overrides.size === 0 ? undefined : this.#overrides.get(Buffer.from(address.bytes).toString('hex'));
  }

  #top<T>(stack: Array<Map<string, T>>): Map<string, T> {
    return stack.at(-1)!;
  }

  #entity(address: Uint8Array): EntityState | null {
    const key = Buffer.from(address).toString('hex');
    if (this.#entities.has(key)) return this.#entities.get(key)!;
    const entity = this.#loadEntity(Buffer.from(address));
    this.#entities.set(key, entity);
    return entity;
  }

  /** The entity as the view sees it: now, or as it was at the end of the block (none if not yet created, or deleted). */
  #loadEntity(address: Buffer): EntityState | null {
    return this.#view.kind === 'latest'
      ? currentEntity(this.#statements, address, this.#shard, this.#realm)
      : entityAt(this.#statements, address, this.#view.timestamp, this.#shard, this.#realm);
  }

  /**
   * A slot's value as the store has it (current, or as of the block), without this call's
   * writes; an override's slot instead, or nothing where the override replaces all storage.
   */
  #storedValue(address: Address, key: Uint8Array): Uint8Array {
    const cacheKey = `${address.toString()}:${bytesToHex(key)}`;
    const cached = this.#stored.get(cacheKey);
    if (cached) return cached;
    const storage = this.#override(address)?.storage;
    const overridden = storage?.slots.find(([slot]) => Buffer.from(slot).equals(Buffer.from(key)))?.[1];
    const entity = storage?.replace || overridden ? null : this.#entity(address.bytes);
    let value: Uint8Array = overridden ?? EMPTY;
    if (entity) {
      const slot = Buffer.from(key);
      if (this.#view.kind === 'latest') {
        const row = this.#statements.get('SELECT value FROM contract_state WHERE contract_id = ? AND slot = ?').get(sqlInt(entity.id), slot) as { value: Buffer | null } | undefined;
        value = row?.value ?? EMPTY;
      } else {
        // State changes keep slots without leading zeros: compare them as 32-byte words.
        const row = this.#statements.get(`SELECT coalesce(value_written, value_read) AS value FROM contract_state_change
WHERE contract_id = ? AND substr('${'0'.repeat(64)}' || hex(slot), -64) = ? AND consensus_timestamp <= ?
ORDER BY consensus_timestamp DESC LIMIT 1`)
          .get(sqlInt(entity.id), slot.toString('hex').toUpperCase(), sqlInt(this.#view.timestamp)) as { value: Buffer | null } | undefined;
        value = row?.value ?? EMPTY;
      }
    }
    value = stripZeros(value);
    this.#stored.set(cacheKey, value);
    return value;
  }
}

function stripZeros(bytes: Uint8Array): Uint8Array {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  return bytes.subarray(i);
}
