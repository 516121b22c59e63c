/**
 * What a token's balances list holds besides holders: the mirror lists every account associated
 * with the token, and one that received none, or gave all it had away, is listed at zero. Said
 * with the list, so that its count ("25 accounts shown") is not read as 25 holders.
 */
import type { Int64 } from '../../../main/common/mirror-types.ts';
import { formatInteger } from './format.ts';

/** `Of the accounts shown, 14 hold some; 11 are associated with the token but hold none.`; null when every one holds some. */
export function balancesSummary(balances: ReadonlyArray<{ balance: Int64 }>): string | null {
  const holding = balances.filter(({ balance }) => BigInt(balance) !== 0n).length;
  const none = balances.length - holding;
  if (none === 0) return null;
  const holders = holding === 0 ? 'none holds any' : `${formatInteger(holding)} ${holding === 1 ? 'holds' : 'hold'} some`;
  const empty = none === 1 ? '1 is associated with the token but holds none' : `${formatInteger(none)} are associated with the token but hold none`;
  return `Of the accounts shown, ${holders}; ${empty}.`;
}
