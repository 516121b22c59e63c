/**
 * HIP-15 address checksums: `0.0.123-vfmkw`, the form wallets and explorers show and copy. The
 * five letters depend on the id and the ledger it is on, so a mistyped digit, or an id from
 * another network, is caught before anything is looked up.
 */
import type { SearchQuery } from './search-input.ts';

export interface Ledger {
  name: string;
  /** The ledger id the checksum is computed over (HIP-15: mainnet 0x00, testnet 0x01, …). */
  ledgerId: readonly number[];
}

/** The Hedera networks, by EVM chain id: ledger ids 0 to 3 are chain ids 295 to 298. */
const LEDGERS_BY_CHAIN = new Map<number, Ledger>([
  [295, { name: 'mainnet', ledgerId: [0] }],
  [296, { name: 'testnet', ledgerId: [1] }],
  [297, { name: 'previewnet', ledgerId: [2] }],
  [298, { name: 'a local network (chain 298)', ledgerId: [3] }],
]);

/** The ledger of a profile's chain; null when its chain id is unknown or not a Hedera network's. */
export function ledgerOfChain(chainId: number | null): Ledger | null {
  return chainId === null ? null : LEDGERS_BY_CHAIN.get(chainId) ?? null;
}

const P3 = 26 ** 3;
const P5 = 26 ** 5;
/** Weight of each digit over the one after it; coprime to P5. */
const WEIGHT = 31;
/** The least prime above a million: the final mixing step. */
const MIXER = 1_000_003;

/** The five-letter checksum of `shard.realm.num` on a ledger (HIP-15). */
export function entityChecksum(id: string, ledger: Ledger): string {
  const digits = [...id].map((c) => (c === '.' ? 10 : c.charCodeAt(0) - 48));
  let sd0 = 0;
  let sd1 = 0;
  let sd = 0;
  digits.forEach((digit, i) => {
    sd = (WEIGHT * sd + digit) % P3;
    if (i % 2 === 0) sd0 = (sd0 + digit) % 11;
    else sd1 = (sd1 + digit) % 11;
  });
  let sh = 0;
  // The ledger id followed by six zero bytes.
  for (const byte of [...ledger.ledgerId, 0, 0, 0, 0, 0, 0]) sh = (WEIGHT * sh + byte) % P5;
  const c = ((((id.length % 5) * 11 + sd0) * 11 + sd1) * P3 + sd + sh) % P5;
  // Below 26^5 × MIXER (about 1.2e13): exact in a double.
  let cp = (c * MIXER) % P5;
  let letters = '';
  for (let i = 0; i < 5; i++) {
    letters = String.fromCharCode(97 + (cp % 26)) + letters;
    cp = Math.floor(cp / 26);
  }
  return letters;
}

/** `0.0.123-vfmkw` on the profile's network, as a wallet takes it; null where the network is unknown. */
export function withChecksum(id: string, chainId: number | null): string | null {
  const ledger = ledgerOfChain(chainId);
  return ledger === null ? null : `${id}-${entityChecksum(id, ledger)}`;
}

/**
 * Whether a typed checksum fits the id on the profile's ledger; when not, the reason in words,
 * naming the network it does fit when it is another Hedera network's. A profile of an unknown
 * chain cannot check: its ids pass.
 */
export function checkEntityChecksum(id: string, checksum: string, chainId: number | null): { ok: true } | { ok: false; message: string } {
  const ledger = ledgerOfChain(chainId);
  if (ledger === null || entityChecksum(id, ledger) === checksum) return { ok: true };
  const other = [...LEDGERS_BY_CHAIN.values()].find((candidate) => entityChecksum(id, candidate) === checksum);
  if (other) return { ok: false, message: `${id}-${checksum} is an id of ${other.name} (its checksum is that network's); this profile is ${ledger.name}` };
  return { ok: false, message: `The checksum ${checksum} does not fit ${id} on ${ledger.name}: the id or its checksum was mistyped` };
}

/**
 * What is wrong with the checksum a typed query carries, checked against the profile's network:
 * the id it is over is an entity id's own, an NFT's token's, a transaction id's payer's. Null when
 * the query carries none, or it fits.
 */
export function queryChecksumProblem(query: SearchQuery, chainId: number | null): string | null {
  if ((query.kind !== 'entity-id' && query.kind !== 'transaction-id' && query.kind !== 'nft') || query.checksum === undefined) return null;
  const id = query.kind === 'entity-id' ? query.id : query.kind === 'nft' ? query.token : query.id.split('-')[0]!;
  const check = checkEntityChecksum(id, query.checksum, chainId);
  return check.ok ? null : check.message;
}
