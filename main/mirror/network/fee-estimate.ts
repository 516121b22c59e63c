import type { SubmittedTransaction } from './submitted-transaction.ts';

/**
 * A fee estimate in the reference's FeeEstimateResponse shape. The reference itself only
 * returns placeholder figures so far (interfaces.md: "not for production"); ours follow a
 * stated, simple model so that they are at least proportionate (README, "POST
 * /api/v1/network/fees"):
 * - amounts are tinycents (1 USD = 10^10 tinycents);
 * - node: a base of $0.00001, plus extras for signatures beyond the first ($0.0001 each)
 *   and for bytes beyond the first 1024 ($0.000001 each);
 * - network: the node subtotal times 9;
 * - service: the operation's published USD base price (Hedera fee schedule) less what the
 *   node and network components already cover, never below zero; unknown operations 0.
 * The estimate depends on the transaction alone (`mode=STATE` adds nothing, as no network
 * state is consulted), and the high-volume multiplier is 1: no throttle data is kept locally.
 */
const TINYCENTS_PER_USD = 10_000_000_000n;
const usd = (dollars: number): bigint => BigInt(Math.round(dollars * 1_000_000)) * (TINYCENTS_PER_USD / 1_000_000n);

const NODE_BASE = usd(0.00001);
const NETWORK_MULTIPLIER = 9;
const SIGNATURE_FEE = usd(0.0001);
const SIGNATURES_INCLUDED = 1n;
const BYTE_FEE = usd(0.000001);
const BYTES_INCLUDED = 1024n;

/** Published USD prices of common operations, by transaction type id. */
const SERVICE_PRICES_USD: Readonly<Record<number, number>> = {
  7: 0.05, 8: 1, 9: 0.026, 11: 0.05, 12: 0.005, 14: 0.0001, 15: 0.00022, 16: 0.05, 17: 0.05, 18: 0.007, 19: 0.05,
  22: 0.007, 24: 0.01, 25: 0.00022, 26: 0.005, 27: 0.0001, 29: 1, 31: 0.001, 32: 0.001, 33: 0.001, 34: 0.001,
  35: 0.001, 36: 0.001, 37: 0.001, 38: 0.001, 39: 0.001, 40: 0.05, 41: 0.05, 42: 0.01, 43: 0.001, 44: 0.001,
  45: 0.001, 46: 0.001, 47: 0.001, 48: 0.05, 49: 0.05, 50: 0.0001, 52: 0.001, 53: 0.001, 57: 0.001, 58: 0.1,
  59: 0.001, 60: 0.001, 74: 0.001,
};

interface FeeExtra {
  charged: bigint;
  count: bigint;
  fee_per_unit: bigint;
  included: bigint;
  name: string;
  subtotal: bigint;
}

function extra(name: string, count: bigint, included: bigint, feePerUnit: bigint): FeeExtra {
  const charged = count > included ? count - included : 0n;
  return { charged, count, fee_per_unit: feePerUnit, included, name, subtotal: charged * feePerUnit };
}

export function estimateFees(transaction: SubmittedTransaction): Record<string, unknown> {
  const extras = [
    extra('Signatures', BigInt(transaction.signatures), SIGNATURES_INCLUDED, SIGNATURE_FEE),
    extra('Bytes', BigInt(transaction.bytes), BYTES_INCLUDED, BYTE_FEE),
  ];
  const nodeSubtotal = NODE_BASE + extras.reduce((sum, e) => sum + e.subtotal, 0n);
  const networkSubtotal = nodeSubtotal * BigInt(NETWORK_MULTIPLIER);
  const price = usd(SERVICE_PRICES_USD[transaction.type] ?? 0);
  const serviceBase = price > nodeSubtotal + networkSubtotal ? price - nodeSubtotal - networkSubtotal : 0n;
  return {
    high_volume_multiplier: 1,
    network: { multiplier: NETWORK_MULTIPLIER, subtotal: networkSubtotal },
    node: { base: NODE_BASE, extras },
    service: { base: serviceBase, extras: [] },
    total: nodeSubtotal + networkSubtotal + serviceBase,
  };
}
