import { createHash } from 'node:crypto';
import type { Holding } from './account-history.ts';
import type { ActorPool } from './actors.ts';
import type { HistoryWriter } from './history-writer.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_NANOS, MINUTE_NANOS } from './timeline.ts';
import type { DemoToken } from './tokens.ts';
import { RESULT, TX, writeTransaction } from './transaction-log.ts';


/** Each collection's content id, hashed once per token rather than once per serial. */
const collectionCids = new Map<number, string>();

/** An IPFS-style metadata URI per serial, as HIP-412 collections store it. */
function metadataOf(token: number, serial: number): Buffer {
  let cid = collectionCids.get(token);
  if (cid === undefined) {
    cid = createHash('sha256').update(`nft-${token}`).digest('base64url').toLowerCase().replace(/[^a-z2-7]/g, 'a').slice(0, 52);
    collectionCids.set(token, cid);
  }
  return Buffer.from(`ipfs://bafybei${cid}/${serial}.json`, 'utf8');
}

/** Serials a mint creates, in the token's order. */
function nextSerials(token: DemoToken, count: number): number[] {
  const serials = Array.from({ length: count }, (_, i) => token.serials + 1 + i);
  token.serials += count;
  return serials;
}

/**
 * The NFTs an account holds of a collection: minted by the treasury (TOKEN_MINT, up to ten at a
 * time, as HAPI allows), then sent to the account in one transfer. Writes the `nft` rows, a few
 * with a single-serial spender approval. Returns the serials the transfer delivered (none where its
 * timestamp was taken).
 */
export function writeNftHolding(holding: Holding, token: DemoToken, actors: ActorPool, writer: HistoryWriter, rng: Prng): number[] {
  if (holding.balance <= 0) return [];
  const minted = holding.since + BigInt(rng.int(1, 600)) * MINUTE_NANOS;
  const sent = minted + BigInt(rng.int(1, 120)) * MINUTE_NANOS + 17n;
  // Too late to mint before "now": the account holds none of the collection.
  if (sent >= DEMO_NOW_NANOS) {
    holding.balance = 0;
    return [];
  }
  holding.changedNs = sent;
  const serials = nextSerials(token, holding.balance);
  for (let i = 0; i < serials.length; i += 10) {
    const batch = serials.slice(i, i + 10);
    writeTransaction(writer, {
      consensusNs: minted + BigInt(i), payer: token.treasuryNum, type: TX.TOKEN_MINT, fee: 2_000_000 * batch.length, entityId: token.num,
      nftTransfers: batch.map((serial) => ({ token: token.num, serial, sender: null, receiver: token.treasuryNum })),
    });
  }
  const delivered = writeTransaction(writer, {
    consensusNs: sent, payer: token.treasuryNum, type: TX.CRYPTO_TRANSFER, fee: 1_000_000 + 100_000 * serials.length,
    memo: rng.chance(0.3) ? 'drop' : '',
    nftTransfers: serials.map((serial) => ({ token: token.num, serial, sender: token.treasuryNum, receiver: holding.account })),
  });
  if (delivered) {
    holding.fundedNs = sent;
    // An automatic association is made by this very transfer.
    if (holding.automatic) holding.since = sent;
  }
  for (const serial of serials) {
    const spender = rng.chance(0.05) ? actors.pick(rng).num : null;
    writer.insert('nft', [token.num, serial, holding.account, minted, null, 0, metadataOf(token.num, serial), spender === holding.account ? null : spender, sent]);
  }
  return delivered ? serials : [];
}

/**
 * The treasury's own serials, and a few burned ones (deleted, no owner), once the collection is
 * settled. Returns the serials the treasury holds.
 */
export function writeTreasuryNfts(token: DemoToken, count: number, writer: HistoryWriter, rng: Prng): number[] {
  const minted = token.createdNs + 3_600_000_000_000n + 11n;
  const serials = nextSerials(token, count);
  const burned = nextSerials(token, rng.int(1, 3));
  const all = [...serials, ...burned];
  for (let i = 0; i < all.length; i += 10) {
    writeTransaction(writer, {
      consensusNs: minted + BigInt(i), payer: token.treasuryNum, type: TX.TOKEN_MINT, fee: 2_000_000, entityId: token.num,
      nftTransfers: all.slice(i, i + 10).map((serial) => ({ token: token.num, serial, sender: null, receiver: token.treasuryNum })),
    });
  }
  for (const serial of serials) writer.insert('nft', [token.num, serial, token.treasuryNum, minted, null, 0, metadataOf(token.num, serial), null, minted]);
  const burnedAt = minted + 86_400_000_000_000n + 5n;
  for (const serial of burned) {
    writer.insert('nft', [token.num, serial, null, minted, null, 1, metadataOf(token.num, serial), null, burnedAt]);
  }
  writeTransaction(writer, {
    consensusNs: burnedAt, payer: token.treasuryNum, type: TX.TOKEN_BURN, fee: 2_000_000, entityId: token.num,
    nftTransfers: burned.map((serial) => ({ token: token.num, serial, sender: token.treasuryNum, receiver: null })),
  });
  // One failed mint, so a collection's history also shows an error.
  writeTransaction(writer, { consensusNs: burnedAt + 60_000_000_000n, payer: token.treasuryNum, type: TX.TOKEN_MINT, fee: 2_000_000, entityId: token.num, result: RESULT.INVALID_SIGNATURE });
  return serials;
}
