import { createHash } from 'node:crypto';
import type { Holding } from './account-history.ts';
import type { ActorPool } from './actors.ts';
import type { HistoryWriter } from './history-writer.ts';
import { writeNftVersions, type NftVersion } from './nft-versions.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_NANOS, MINUTE_NANOS, NANOS } from './timeline.ts';
import type { DemoToken } from './tokens.ts';
import { RESULT, TX, writeAtFreeTimestamp, writeAtNextFreeTimestamp, writeTransaction } from './transaction-log.ts';

/** Each collection's content id, hashed once per token rather than once per serial. */
const collectionCids = new Map<number, string>();

/** An IPFS-style metadata URI per serial, as HIP-412 collections store it. */
export function nftMetadataOf(token: number, serial: number): Buffer {
  let cid = collectionCids.get(token);
  if (cid === undefined) {
    cid = createHash('sha256').update(`nft-${token}`).digest('base64url').toLowerCase().replace(/[^a-z2-7]/g, 'a').slice(0, 52);
    collectionCids.set(token, cid);
  }
  return Buffer.from(`ipfs://bafybei${cid}/${serial}.json`, 'utf8');
}

/**
 * The serials the token's next mint of `count` would create, in its order, still free to be numbered
 * again. Numbers are taken in the order serials are written, not minted: nft-serial-order.ts
 * renumbers them by mint time once the collection is complete.
 */
function peekSerials(token: DemoToken, count: number): number[] {
  return Array.from({ length: count }, (_, i) => token.serials + 1 + i);
}

/** The serials the token's next mint of `count` creates, numbered for good. */
function takeSerials(token: DemoToken, count: number): number[] {
  const serials = peekSerials(token, count);
  token.serials += count;
  return serials;
}

/** HAPI mints at most ten serials a transaction. */
const MINT_BATCH = 10;
/**
 * A collector's single-serial approvals come this long after the delivery: before a resale, a
 * minute on at the earliest (nft-resales.ts), which must not come first (NftHandover.move refuses).
 */
const APPROVAL_DELAY_NANOS = 30n * NANOS;
const APPROVAL_FEE = 5_000_000;
const DAY_NANOS = 86_400n * NANOS;

/**
 * The treasury mints `serials` from `at` on, ten a transaction. Returns each serial's mint
 * timestamp: where a batch's planned one was taken, it is a little later, never left out.
 */
function mintSerials(token: DemoToken, serials: readonly number[], at: bigint, writer: HistoryWriter): bigint[] {
  const mintedAt: bigint[] = [];
  for (let i = 0; i < serials.length; i += MINT_BATCH) {
    const batch = serials.slice(i, i + MINT_BATCH);
    const minted = writeAtNextFreeTimestamp(writer, at + BigInt(i), (consensusNs) => ({
      consensusNs, payer: token.treasuryNum, type: TX.TOKEN_MINT, fee: 2_000_000 * batch.length, entityId: token.num,
      nftTransfers: batch.map((serial) => ({ token: token.num, serial, sender: null, receiver: token.treasuryNum })),
    }));
    for (let k = 0; k < batch.length; k++) mintedAt.push(minted);
  }
  return mintedAt;
}

/** A version of a serial the treasury holds from its mint on. */
const mintVersion = (token: DemoToken, mintedNs: bigint): NftVersion => ({ from: mintedNs, owner: token.treasuryNum, spender: null, deleted: false });

/** The serials delivered to a holder, and when: null where none were. */
export type NftDelivery = { serials: number[]; deliveredNs: bigint } | null;

/**
 * The NFTs an account holds of a collection: minted by the treasury, then sent to the account in
 * one transfer. A few of them the account then lets one spender move (a single-serial approval,
 * one CRYPTOAPPROVEALLOWANCE for all of them); a contract, which signs no transactions, grants
 * none. Each serial's versions follow (nft-versions.ts). Returns the serials delivered and the
 * delivery's timestamp: none where the delivery would fall after "now" or found no free timestamp.
 */
export function writeNftHolding(holding: Holding, token: DemoToken, actors: ActorPool, writer: HistoryWriter, rng: Prng, canApprove: boolean): NftDelivery {
  if (holding.balance <= 0) return null;
  const mintNs = holding.since + BigInt(rng.int(1, 600)) * MINUTE_NANOS;
  const planned = mintNs + BigInt(rng.int(1, 120)) * MINUTE_NANOS + 17n;
  // Too late to mint before "now": the account holds none of the collection.
  if (planned >= DEMO_NOW_NANOS) {
    holding.balance = 0;
    return null;
  }
  // Numbered now, taken once the delivery is written: a holding left empty mints nothing.
  const serials = peekSerials(token, holding.balance);
  const memo = rng.chance(0.3) ? 'drop' : '';
  const sent = writeAtFreeTimestamp(writer, planned, (consensusNs) => ({
    consensusNs, payer: token.treasuryNum, type: TX.CRYPTO_TRANSFER, fee: 1_000_000 + 100_000 * serials.length, memo,
    nftTransfers: serials.map((serial) => ({ token: token.num, serial, sender: token.treasuryNum, receiver: holding.account })),
  }));
  if (sent === null) {
    holding.balance = 0;
    return null;
  }
  takeSerials(token, serials.length);
  holding.changedNs = sent;
  holding.fundedNs = sent;
  // An automatic association is made by this very transfer.
  if (holding.automatic) holding.since = sent;
  const mintedAt = mintSerials(token, serials, mintNs, writer);
  // Drawn for every serial, whoever holds it, so that the draws after them stay as they were.
  const drawn = serials.map(() => (rng.chance(0.05) ? actors.pick(rng).num : null));
  const spenders = drawn.map((spender) => (canApprove && spender !== holding.account ? spender : null));
  const approvedNs = spenders.some((spender) => spender !== null) ? writeApproval(holding.account, sent, writer) : null;
  serials.forEach((serial, i) => {
    const versions = [mintVersion(token, mintedAt[i]!), { from: sent, owner: holding.account, spender: null, deleted: false }];
    const spender = spenders[i]!;
    if (approvedNs !== null && spender !== null) versions.push({ from: approvedNs, owner: holding.account, spender, deleted: false });
    writeNftVersions(writer, { token: token.num, serial, mintedNs: mintedAt[i]!, metadata: nftMetadataOf(token.num, serial) }, versions);
  });
  return { serials, deliveredNs: sent };
}

/** The owner's single-serial approvals, shortly after the delivery; null where no timestamp before "now" was free. */
function writeApproval(owner: number, deliveredNs: bigint, writer: HistoryWriter): bigint | null {
  return writeAtFreeTimestamp(writer, deliveredNs + APPROVAL_DELAY_NANOS, (consensusNs) => ({
    consensusNs, payer: owner, type: TX.APPROVE_ALLOWANCE, fee: APPROVAL_FEE, entityId: owner,
  }));
}

/**
 * The treasury's own serials, and a few burned ones (deleted, no owner) a day after their mint,
 * once the collection is settled. Returns the serials the treasury holds.
 */
export function writeTreasuryNfts(token: DemoToken, count: number, writer: HistoryWriter, rng: Prng): number[] {
  const mintNs = token.createdNs + 3_600_000_000_000n + 11n;
  const serials = takeSerials(token, count);
  const burned = takeSerials(token, rng.int(1, 3));
  const all = [...serials, ...burned];
  const mintedAt = mintSerials(token, all, mintNs, writer);
  const burnNs = mintNs + DAY_NANOS + 5n;
  const burnedAt = writeAtNextFreeTimestamp(writer, burnNs, (consensusNs) => ({
    consensusNs, payer: token.treasuryNum, type: TX.TOKEN_BURN, fee: 2_000_000, entityId: token.num,
    nftTransfers: burned.map((serial) => ({ token: token.num, serial, sender: token.treasuryNum, receiver: null })),
  }));
  all.forEach((serial, i) => {
    const versions = [mintVersion(token, mintedAt[i]!)];
    if (i >= serials.length) versions.push({ from: burnedAt, owner: null, spender: null, deleted: true });
    writeNftVersions(writer, { token: token.num, serial, mintedNs: mintedAt[i]!, metadata: nftMetadataOf(token.num, serial) }, versions);
  });
  // One failed mint, so a collection's history also shows an error.
  writeTransaction(writer, { consensusNs: burnNs + 60_000_000_000n, payer: token.treasuryNum, type: TX.TOKEN_MINT, fee: 2_000_000, entityId: token.num, result: RESULT.INVALID_SIGNATURE });
  return serials;
}
