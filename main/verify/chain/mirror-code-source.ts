import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import type { MirrorAvailability, MirrorUnavailable } from '../../mirror/http/availability-gate.ts';
import { isSqliteError } from '../../mirror/store/sqlite-error.ts';
import { ChainAccessError, type CreationTx, type MirrorLedgerSource, type PinnedCodeSource } from './deployed-code.ts';

/**
 * Reads deployed code from the local mirror store, using the reference mirror node's tables:
 * `entity` (evm_address) and `contract` (runtime_bytecode, initcode); the creation input of a
 * transaction hash from `ethereum_transaction.call_data` or, for a HAPI ContractCreate, the
 * contract's `initcode` followed by the `contract_result.function_parameters` (constructor args).
 * A contract's creation transaction hash is its own result at its creation time. A store whose
 * schema has no contract tables yet answers "nothing deployed", never an error.
 *
 * `availability` is the mirror API's own gate (ProfileSession.mirrorUnavailable), passed on as
 * `unavailable()`: while it says the store cannot answer (a demo ledger being generated, or whose
 * generation failed), ChainRegistry refuses the chain and reads nothing from it, so verifying says
 * so instead of "not deployed". The reads below do not ask it again: every verification passes
 * that check before it reads any code, and a refusal from inside a read would not reach the user anyway (lib-sourcify
 * words a failed runtime-code read as "cannot fetch bytecode", and skips a failed creation read).
 *
 * `db` answers with the open profile's store: a network switch replaces it. A verification reads
 * through `pin()`, held to the store open when it began.
 */
export class MirrorCodeSource implements MirrorLedgerSource {
  private readonly db: () => SqliteDatabase;
  private readonly availability: MirrorAvailability;
  private readonly complete: () => boolean;

  /** `complete`: whether the open store holds its whole ledger (the demo profile's) rather than a synced part of one (MirrorLedgerSource.completeLedger). */
  constructor(db: () => SqliteDatabase, availability: MirrorAvailability = () => null, complete: () => boolean = () => false) {
    this.db = db;
    this.availability = availability;
    this.complete = complete;
  }

  completeLedger(): boolean {
    return this.complete();
  }

  unavailable(): MirrorUnavailable | null {
    return this.availability();
  }

  /**
   * Held to the store open now. Every opening of a profile (a switch, even back to the same one)
   * opens its store anew, so that database object stands for one ledger for as long as it is the
   * one `db` answers with and still open; after that, the verification reading it fails.
   */
  pin(): PinnedCodeSource {
    const pinned = this.db();
    return new PinnedMirrorCodeSource(pinned, () => this.db() !== pinned || !pinned.open);
  }

  async runtimeCode(address: string): Promise<string> {
    return this.runtimeCodeNow(address);
  }

  runtimeCodeNow(address: string): string {
    const id = this.entityId(address);
    if (id === null) return '0x';
    const row = this.query<{ runtime_bytecode: Buffer | null }>('SELECT runtime_bytecode FROM contract WHERE id = ?', id);
    return row?.runtime_bytecode?.length ? `0x${row.runtime_bytecode.toString('hex')}` : '0x';
  }

  async creationTx(txHash: string): Promise<CreationTx | null> {
    const hash = Buffer.from(txHash.replace(/^0x/, ''), 'hex');
    const result = this.query<{ contract_id: number | null; function_parameters: Buffer | null; sender_id: number | null; transaction_index: number | null }>(
      'SELECT contract_id, function_parameters, sender_id, transaction_index FROM contract_result WHERE transaction_hash = ? LIMIT 1', hash);
    if (!result || result.contract_id === null) return null;
    const ethereum = this.query<{ call_data: Buffer | null }>('SELECT call_data FROM ethereum_transaction WHERE hash = ? LIMIT 1', hash);
    const contract = this.query<{ initcode: Buffer | null }>('SELECT initcode FROM contract WHERE id = ?', result.contract_id);
    const input = ethereum?.call_data?.length
      ? ethereum.call_data
      : contract?.initcode?.length ? Buffer.concat([contract.initcode, result.function_parameters ?? Buffer.alloc(0)]) : null;
    if (!input) return null;
    const contractAddress = this.addressOf(result.contract_id);
    return {
      input: `0x${input.toString('hex')}`,
      contractAddress,
      otherAddresses: contractAddress === longZero(result.contract_id) ? [] : [longZero(result.contract_id)],
      from: result.sender_id === null ? '' : longZero(result.sender_id),
      blockNumber: null,
      txIndex: result.transaction_index,
    };
  }

  /**
   * The contract's own result at its creation time (`entity.created_timestamp`): a HAPI
   * ContractCreate or an Ethereum create. A contract a factory created has no result of its own
   * there (the factory's result lists it among created_contract_ids), so no hash: its creation
   * code is not the input of any transaction.
   */
  async creatorTxHash(address: string): Promise<string | null> {
    try {
      const id = this.entityId(address);
      if (id === null) return null;
      const row = this.query<{ transaction_hash: Buffer | null }>(`SELECT r.transaction_hash FROM entity e
        JOIN contract_result r ON r.contract_id = e.id AND r.consensus_timestamp = e.created_timestamp WHERE e.id = ? LIMIT 1`, id);
      return row?.transaction_hash?.length === 32 ? `0x${row.transaction_hash.toString('hex')}` : null;
    } catch {
      return null; // a store being replaced or damaged: compare the runtime code alone, as without a hash
    }
  }

  /** Entity id of an EVM address: a long-zero address encodes it, any other is an alias in `entity`. */
  private entityId(address: string): number | null {
    const hex = address.toLowerCase().replace(/^0x/, '');
    if (!/^[0-9a-f]{40}$/.test(hex)) return null;
    if (hex.startsWith('000000000000000000000000')) return Number.parseInt(hex.slice(24), 16);
    return this.query<{ id: number }>('SELECT id FROM entity WHERE evm_address = ?', Buffer.from(hex, 'hex'))?.id ?? null;
  }

  /** The address a contract is known by: its EVM alias when it has one, else its long-zero form. */
  private addressOf(id: number): string {
    const row = this.query<{ evm_address: Buffer | null }>('SELECT evm_address FROM entity WHERE id = ?', id);
    return row?.evm_address?.length === 20 ? `0x${row.evm_address.toString('hex')}` : longZero(id);
  }

  private query<T>(sql: string, ...params: unknown[]): T | undefined {
    try {
      return this.db().prepare(sql).get(...params) as T | undefined;
    } catch (error) {
      if (/no such (table|column)/.test((error as Error).message)) return undefined;
      // Never SQLite's own error: one of those reaching the verification is its own database's
      // (VerifyDbHealth), which a damaged ledger must not have set aside.
      if (isSqliteError(error)) throw new ChainAccessError(`the local mirror's ledger store could not be read: ${error.message} (${error.code})`);
      throw error;
    }
  }
}

/** The mirror's code source over one store, for one verification (MirrorCodeSource.pin). */
class PinnedMirrorCodeSource extends MirrorCodeSource implements PinnedCodeSource {
  readonly replaced: () => boolean;

  constructor(db: SqliteDatabase, replaced: () => boolean) {
    super(() => db);
    this.replaced = replaced;
  }

  override pin(): PinnedCodeSource {
    return this;
  }
}

/** Long-zero EVM address of a shard-0 realm-0 entity number. */
function longZero(num: number): string {
  return `0x${num.toString(16).padStart(40, '0')}`;
}
