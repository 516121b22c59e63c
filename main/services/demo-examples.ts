import type { VerifyFileInput } from '../common/verify-types.ts';
import type { ExampleName } from '../mirror/demo/contracts/example-artifact.ts';
import { EXAMPLE_ARTIFACT } from '../mirror/demo/example-contracts.ts';
import { contractAddress } from '../mirror/contracts/contract-hex.ts';
import { encodeEntityId } from '../mirror/format/entity-id.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';

/**
 * The example contracts every demo deployment is made from (main/mirror/demo/contracts), as a
 * Verify session takes them: so that the whole flow (verify, then read and simulate the
 * verified contract) can be tried on the demo ledger without a project of one's own, also in
 * the packaged app, which holds the sources only inside the compiled artifact.
 */

/** Each `.sol` file as it was compiled, and each contract's metadata under `metadata/`, as a build leaves them. */
export function exampleSourceFiles(): VerifyFileInput[] {
  const sources = Object.entries(EXAMPLE_ARTIFACT.input.sources)
    .map(([name, { content }]): VerifyFileInput => ({ name, content, encoding: 'utf8' }));
  const metadata = (Object.keys(EXAMPLE_ARTIFACT.contracts) as ExampleName[])
    .map((name): VerifyFileInput => ({ name: `metadata/${name}.json`, content: EXAMPLE_ARTIFACT.contracts[name].metadata, encoding: 'utf8' }));
  return [...sources, ...metadata];
}

interface ContractRow {
  shard: number;
  realm: number;
  num: number;
  evm_address: Buffer | null;
  runtime_bytecode: Buffer;
  creator_tx: Buffer | null;
}

/** Where an example is deployed, and the transaction that created it (for the creation bytecode check). */
export interface ExampleDeployment {
  address: string;
  creatorTxHash: string | null;
}

/** An example's runtime code with its immutables zeroed, and where they are, to compare stored code against. */
const TEMPLATES = (Object.keys(EXAMPLE_ARTIFACT.contracts) as ExampleName[]).map((name) => {
  const contract = EXAMPLE_ARTIFACT.contracts[name];
  const ranges = Object.values(contract.immutableReferences).flat();
  return { name, code: Buffer.from(contract.deployedBytecode, 'hex'), ranges };
});

/**
 * Where each example is deployed in `db`: the newest contract whose code is the example's
 * runtime once the immutables its constructor wrote in are blanked out again, with the hash of
 * the transaction that created it (its contract result at the contract's creation). An example
 * with no deployment here (another network, a fresh store) is absent.
 */
export function exampleDeployments(db: SqliteDatabase): Map<ExampleName, ExampleDeployment> {
  const found = new Map<ExampleName, ExampleDeployment>();
  const lengths = TEMPLATES.map((t) => t.code.length);
  // length() of a blob is read from the record header, so rows of other sizes cost no code read.
  const rows = db.prepare(`SELECT e.shard, e.realm, e.num, e.evm_address, c.runtime_bytecode,
      (SELECT r.transaction_hash FROM contract_result r WHERE r.contract_id = c.id AND r.consensus_timestamp = e.created_timestamp) AS creator_tx
    FROM contract c JOIN entity e ON e.id = c.id
    WHERE length(c.runtime_bytecode) IN (${lengths.map(() => '?').join(', ')}) AND (e.deleted IS NULL OR e.deleted = 0)
    ORDER BY c.id DESC`).iterate(...lengths) as IterableIterator<ContractRow>;
  for (const row of rows) {
    const template = TEMPLATES.find((t) => !found.has(t.name) && sameCode(row.runtime_bytecode, t));
    if (template) {
      found.set(template.name, {
        address: contractAddress(row.evm_address, encodeEntityId(row.shard, row.realm, row.num))!,
        // The verifier takes a 32-byte (Ethereum-style) hash; the demo's contract results carry one.
        creatorTxHash: row.creator_tx?.length === 32 ? `0x${row.creator_tx.toString('hex')}` : null,
      });
    }
    if (found.size === TEMPLATES.length) break;
  }
  return found;
}

function sameCode(stored: Buffer, template: (typeof TEMPLATES)[number]): boolean {
  if (stored.length !== template.code.length) return false;
  const masked = Buffer.from(stored);
  for (const { start, length } of template.ranges) masked.fill(0, start, start + length);
  return masked.equals(template.code);
}
