/**
 * Which movement a transactions list row names in its one line: the HBAR (fee and staking rewards
 * taken out, summarizeTransfers) or the first token moved (summarizeTokenTransfers).
 *
 * The rule: the HBAR, unless no HBAR moved but the fee, or unless NFTs moved and the HBAR only paid
 * for them to others than their senders: every HBAR sender received one of the NFTs and no HBAR
 * receiver sent one. That is the NFTs' new owner paying a custom fee (a royalty's fallback fee, a
 * fixed fee) to its collectors, not a price to the seller, so the row names the NFTs and adds the
 * HBAR beside them. An NFT sold for HBAR (the buyer pays the seller) still reads by its price.
 */
import type { Transaction } from './ledger-types.ts';
import { summarizeTokenTransfers, summarizeTransfers, type TokenTransferSummary, type TransferSummary } from './transfer-summary.ts';

export type TransferRow =
  /** Nothing moved but the fee and the rewards. */
  | { kind: 'nothing' }
  | { kind: 'hbar'; hbar: TransferSummary }
  /** `paid`: HBAR the NFTs' new owners paid others beside them; null when only the fee moved. */
  | { kind: 'token'; token: TokenTransferSummary; paid: TransferSummary | null };

type Movable = Parameters<typeof summarizeTransfers>[0] & Partial<Pick<Transaction, 'name'>>;

export function transferRow(tx: Movable): TransferRow {
  const hbar = summarizeTransfers(tx);
  if (hbar === null) return { kind: 'nothing' };
  const hbarMoved = hbar.senders.length > 0 || hbar.receivers.length > 0;
  const paysForNfts = hbarMoved && hbarOnlyPaysForNfts(tx, hbar);
  const token = hbarMoved && !paysForNfts ? null : summarizeTokenTransfers(tx);
  if (token === null) return { kind: 'hbar', hbar };
  return { kind: 'token', token, paid: paysForNfts ? hbar : null };
}

/** Every HBAR sender received an NFT, and no HBAR receiver sent one. */
function hbarOnlyPaysForNfts(tx: Pick<Movable, 'nft_transfers'>, hbar: TransferSummary): boolean {
  const nfts = tx.nft_transfers ?? [];
  if (nfts.length === 0 || hbar.senders.length === 0) return false;
  const nftReceivers = new Set(nfts.map((t) => t.receiver_account_id));
  const nftSenders = new Set(nfts.map((t) => t.sender_account_id));
  return hbar.senders.every((account) => nftReceivers.has(account)) && hbar.receivers.every((account) => !nftSenders.has(account));
}
