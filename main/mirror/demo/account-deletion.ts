import type { HistoryWriter } from './history-writer.ts';
import { DEMO_NOW_SECONDS, NANOS } from './timeline.ts';
import { TX, writeAtNextFreeTimestamp } from './transaction-log.ts';

/** What a CryptoDelete charges its payer: about $0.005 at the demo's 17 cents an HBAR. */
const CRYPTO_DELETE_FEE = 2_900_000;
/** A deleted account lives at least this long: its own transactions fit before its deletion, a minute apart from it. */
const SHORTEST_LIFE_SECONDS = 600;

/**
 * When a deleted account is deleted: somewhere in its life, at a share of it taken from its
 * number (no random draws, so that the rest of the ledger stays as it was), at least
 * SHORTEST_LIFE_SECONDS after its creation and, where its life allows, a minute before "now".
 */
export function deletionSecondsOf(num: number, createdSeconds: number): number {
  const earliest = createdSeconds + SHORTEST_LIFE_SECONDS;
  const share = ((num * 7_919) % 1_000) / 1_000;
  return Math.floor(earliest + Math.max(0, DEMO_NOW_SECONDS - 60 - earliest) * share);
}

/**
 * The account's CryptoDelete at `seconds` (deletionSecondsOf), signed and paid by the account:
 * what it `held` before it, less the fee, goes to `obtainer` (its transfer account), so that it
 * ends with nothing, as a deleted account does. Written at the first free timestamp from then.
 */
export function writeAccountDeletion(writer: HistoryWriter, num: number, held: bigint, obtainer: number, seconds: number): void {
  const sweep = held > BigInt(CRYPTO_DELETE_FEE) ? Number(held) - CRYPTO_DELETE_FEE : 0;
  // Timestamps carry the account number in their low digits, as its other transactions' do.
  const at = BigInt(seconds) * NANOS + 321_000_000n + BigInt(num % 1_000_000);
  writeAtNextFreeTimestamp(writer, at, (consensusNs) => ({
    consensusNs, payer: num, type: TX.CRYPTO_DELETE, fee: CRYPTO_DELETE_FEE, entityId: num,
    transfers: sweep > 0 ? [[num, -sweep], [obtainer, sweep]] : [],
  }));
}
