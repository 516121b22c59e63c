/**
 * Which movement a transactions list row names in its one line: the HBAR (fee and staking rewards
 * taken out, summarizeTransfers) or a token moved (tokenMovements).
 *
 * The rule: the HBAR, unless no HBAR moved but the fee, or unless NFTs moved and the HBAR only paid
 * for them to others than their senders: every HBAR sender received one of the NFTs and no HBAR
 * receiver sent one. That is the NFTs' new owner paying a custom fee (a royalty's fallback fee, a
 * fixed fee) to its collectors, not a price to the seller, so the row names the NFTs and adds the
 * HBAR beside them. An NFT sold for HBAR (the buyer pays the seller) still reads by its price.
 * A fungible token is read the same way: one that only paid for the NFTs (a fallback fee in a
 * token) goes beside them, one paid to their seller is the price the row names.
 */
import type { Transaction } from './ledger-types.ts';
import { summarizeTransfers, tokenMovements, type TokenMovement, type TransferSummary } from './transfer-summary.ts';

export type TransferRow =
  /** Nothing moved but the fee and the rewards. */
  | { kind: 'nothing' }
  | { kind: 'hbar'; hbar: TransferSummary }
  /**
   * `token`, with how many other tokens moved beside it and its fees; `paid`: HBAR the NFTs' new
   * owners paid others beside them, null when only the fee moved; `paidTokens`: fungible tokens
   * they paid so.
   */
  | { kind: 'token'; token: TokenMovement & { otherTokens: number }; paid: TransferSummary | null; paidTokens: TokenMovement[] };

type Movable = Parameters<typeof summarizeTransfers>[0] & Partial<Pick<Transaction, 'name'>>;

/** Who gave and who got the NFTs of a transaction. */
interface NftParties {
  receivers: ReadonlySet<string | null>;
  senders: ReadonlySet<string | null>;
}

export function transferRow(tx: Movable): TransferRow {
  const hbar = summarizeTransfers(tx);
  if (hbar === null) return { kind: 'nothing' };
  const nfts = tx.nft_transfers ?? [];
  const parties: NftParties = { receivers: new Set(nfts.map((t) => t.receiver_account_id)), senders: new Set(nfts.map((t) => t.sender_account_id)) };
  // A summary's senders and receivers come together: a debit left without a credit is a fee, taken out.
  const hbarMoved = hbar.senders.length > 0;
  const paysForNfts = onlyPaysForNfts(parties, hbar);
  if (hbarMoved && !paysForNfts) return { kind: 'hbar', hbar };
  const movements = tokenMovements(tx);
  const paidTokens = movements.filter((movement) => !movement.nft && onlyPaysForNfts(parties, movement));
  // The row names the first token moved that is not a fee beside NFTs: an NFT is never one, so there is such a token.
  const named = movements.find((movement) => !paidTokens.includes(movement));
  if (named === undefined) return { kind: 'hbar', hbar };
  return { kind: 'token', token: { ...named, otherTokens: movements.length - 1 - paidTokens.length }, paid: paysForNfts ? hbar : null, paidTokens };
}

/**
 * NFTs moved, the movement went from someone to someone, every sender of it received one of them,
 * and no receiver of it sent one.
 */
function onlyPaysForNfts(parties: NftParties, movement: Pick<TransferSummary, 'senders' | 'receivers'>): boolean {
  if (parties.receivers.size === 0 || movement.senders.length === 0 || movement.receivers.length === 0) return false;
  return movement.senders.every((account) => parties.receivers.has(account)) && movement.receivers.every((account) => !parties.senders.has(account));
}
