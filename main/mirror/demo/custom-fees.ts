import { TINYBARS_PER_HBAR } from './balances.ts';
import type { HistoryWriter } from './history-writer.ts';
import type { Prng } from './prng.ts';

/**
 * Custom fees on the demo's tokens (HIP-18) and topics (HIP-991): the schedules, and what a
 * transfer or a message is charged under them. The demo charges where its own history meets a
 * fee: a holder sending units back to the treasury (the treasury's own distributions pay no custom
 * fees), a collector selling or giving a serial on to another (nft-resales.ts: the royalty, or its
 * fallback fee), and a message submitted to a topic by anyone but its creator, who collects the fee.
 */

export interface TokenFees {
  /** A flat HBAR fee on each transfer, paid by the sender to `collector`. */
  fixedHbar: { amount: number; collector: number } | null;
  /**
   * A share of each fungible transfer, paid in the token by the sender on top of what it sends
   * (net of transfers), to the treasury: within [minimum, maximum] units.
   */
  fractional: { numerator: number; denominator: number; minimum: number; maximum: number } | null;
  /** NFT collections: a share of what a serial sells for, else a flat HBAR fee from its receiver. */
  royalty: { numerator: number; denominator: number; fallbackHbar: number | null; collector: number } | null;
}

/** One fee a transaction was charged, as `assessed_custom_fee` keeps it. */
export interface AssessedFee {
  amount: number;
  collector: number;
  /** The token the fee is paid in; null for HBAR. */
  token: number | null;
  effectivePayers: number[];
}

/** About one token in four has a fee schedule: fungible ones a flat HBAR fee, a fractional fee or both; collections a royalty. */
export function planTokenFees(nft: boolean, treasury: number, collector: () => number, rng: Prng): TokenFees | null {
  if (!rng.chance(0.25)) return null;
  if (nft) {
    return {
      fixedHbar: null, fractional: null,
      royalty: { numerator: rng.int(1, 10), denominator: 100, fallbackHbar: rng.chance(0.6) ? rng.pick([1, 2, 5]) * TINYBARS_PER_HBAR : null, collector: rng.chance(0.5) ? treasury : collector() },
    };
  }
  const kind = rng.int(0, 2);
  return {
    fixedHbar: kind !== 1 ? { amount: rng.pick([10, 25, 50, 100]) * TINYBARS_PER_HBAR / 100, collector: collector() } : null,
    fractional: kind !== 0 ? { numerator: rng.int(1, 5), denominator: 1000, minimum: 1, maximum: rng.pick([1_000, 50_000, 1_000_000]) } : null,
    royalty: null,
  };
}

/**
 * What a holder pays on top of sending `units` of a token to its treasury: the HBAR it moves to
 * the flat fee's collector, the units it adds for the fractional fee, and the fees as assessed.
 * A holder that collects the flat fee itself is exempt from it.
 */
export function feesOnReturn(fees: TokenFees | null, token: number, treasury: number, holder: number, units: number):
  { hbar: Array<[account: number, amount: number]>; extraUnits: number; assessed: AssessedFee[] } {
  const charged = { hbar: [] as Array<[number, number]>, extraUnits: 0, assessed: [] as AssessedFee[] };
  if (!fees) return charged;
  if (fees.fixedHbar && fees.fixedHbar.collector !== holder) {
    const { amount, collector } = fees.fixedHbar;
    charged.hbar.push([holder, -amount], [collector, amount]);
    charged.assessed.push({ amount, collector, token: null, effectivePayers: [holder] });
  }
  if (fees.fractional) {
    const { numerator, denominator, minimum, maximum } = fees.fractional;
    const amount = Math.min(maximum, Math.max(minimum, Math.floor((units * numerator) / denominator)));
    charged.extraUnits = amount;
    charged.assessed.push({ amount, collector: treasury, token, effectivePayers: [holder] });
  }
  return charged;
}

/**
 * What the network charges when a serial changes hands in a CRYPTOTRANSFER (HIP-18), given the
 * HBAR its sender receives for it (0 for a gift). Where the sender receives HBAR, the royalty is
 * that share of it (rounded down), taken out of the sender's proceeds and paid to the collector:
 * the sender is its effective payer. Where the sender receives nothing, the fallback fee, if the
 * royalty has one, is charged to the receiver on top of the transfer; without one the transfer pays
 * nothing. As the network exempts them, the collection's treasury and the fee's own collector pay
 * neither. Returns the HBAR the fees move (to add to the transfer's own) and the fees as assessed.
 */
export function feesOnNftTransfer(fees: TokenFees | null, treasury: number, sender: number, receiver: number, proceeds: number):
  { hbar: Array<[account: number, amount: number]>; assessed: AssessedFee[] } {
  const charged = { hbar: [] as Array<[number, number]>, assessed: [] as AssessedFee[] };
  const royalty = fees?.royalty;
  if (!royalty) return charged;
  const exempt = (account: number) => account === treasury || account === royalty.collector;
  if (proceeds > 0) {
    if (exempt(sender)) return charged;
    const amount = Math.floor((proceeds * royalty.numerator) / royalty.denominator);
    charged.hbar.push([sender, -amount], [royalty.collector, amount]);
    charged.assessed.push({ amount, collector: royalty.collector, token: null, effectivePayers: [sender] });
    return charged;
  }
  if (royalty.fallbackHbar === null || exempt(receiver)) return charged;
  charged.hbar.push([receiver, -royalty.fallbackHbar], [royalty.collector, royalty.fallbackHbar]);
  charged.assessed.push({ amount: royalty.fallbackHbar, collector: royalty.collector, token: null, effectivePayers: [receiver] });
  return charged;
}

/** A topic's flat HBAR fee per message, its collector the topic's creator. */
export interface TopicFee {
  amount: number;
  collector: number;
}

/** About one topic in three created since HIP-991 charges its submitters a flat fee. */
export function planTopicFee(creator: number, rng: Prng): TopicFee | null {
  return rng.chance(1 / 3) ? { amount: rng.pick([1, 5, 10, 50]) * TINYBARS_PER_HBAR / 100, collector: creator } : null;
}

/** Writes a token's `custom_fee` row, in the stored JSON the renderers read; the fractional fee goes to the treasury. */
export function writeTokenFees(writer: HistoryWriter, token: number, treasury: number, createdNs: bigint, fees: TokenFees): void {
  const fractional = fees.fractional ? [{
    all_collectors_are_exempt: false, collector_account_id: treasury, denominator: fees.fractional.denominator,
    maximum_amount: fees.fractional.maximum, minimum_amount: fees.fractional.minimum, net_of_transfers: true, numerator: fees.fractional.numerator,
  }] : [];
  const royalty = fees.royalty ? [{
    all_collectors_are_exempt: false, collector_account_id: fees.royalty.collector, denominator: fees.royalty.denominator,
    fallback_fee: fees.royalty.fallbackHbar === null ? null : { amount: fees.royalty.fallbackHbar, denominating_token_id: null }, numerator: fees.royalty.numerator,
  }] : [];
  insertSchedule(writer, token, createdNs, fees.fixedHbar ? [fees.fixedHbar] : [], fractional, royalty);
}

/** Writes a topic's `custom_fee` row: its flat HBAR fee. */
export function writeTopicFee(writer: HistoryWriter, topic: number, createdNs: bigint, fee: TopicFee): void {
  insertSchedule(writer, topic, createdNs, [fee], [], []);
}

function insertSchedule(writer: HistoryWriter, entity: number, createdNs: bigint, fixed: ReadonlyArray<{ amount: number; collector: number }>, fractional: object[], royalty: object[]): void {
  const fixedJson = fixed.map((fee) => ({ all_collectors_are_exempt: false, amount: fee.amount, collector_account_id: fee.collector, denominating_token_id: null }));
  writer.insert('custom_fee', [entity, JSON.stringify(fixedJson), JSON.stringify(fractional), JSON.stringify(royalty), createdNs]);
}

/** A transaction's `max_custom_fees`: the most the payer agreed to pay `collector`'s fees, in HBAR. */
export function maxCustomFeesJson(collector: number, amount: number): string {
  return JSON.stringify([{ account_id: collector, fees: [{ amount, denominating_token_id: null }] }]);
}
