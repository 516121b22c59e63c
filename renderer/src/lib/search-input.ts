/**
 * What the header's search box was given. Pure and exhaustive so the rules are tested on
 * their own: the order of checks decides ambiguous strings (hex before entity ids and aliases).
 */
import { readBlockNumber } from './block-number.ts';
import { typedText } from './invisible-characters.ts';
import { base64ToHex } from './ledger-format.ts';
import { tokenNameLength } from './token-filters.ts';

/**
 * Ids may carry a HIP-15 checksum (`0.0.123-vfmkw`, as wallets copy them): kept apart from the id
 * for the search to check against the profile's network.
 */
export type SearchQuery =
  | { kind: 'transaction-id'; id: string; checksum?: string }
  | { kind: 'transaction-hash'; hash: string }
  /** `seconds.nanoseconds`, as the mirror writes consensus times; `timestamp` has its 9 digits of nanoseconds. */
  | { kind: 'consensus-timestamp'; timestamp: string }
  | { kind: 'ethereum-hash'; hash: string }
  | { kind: 'evm-address'; address: string }
  | { kind: 'entity-id'; id: string; checksum?: string }
  /** A whole number alone: an entity's number (`id`, in shard 0 realm 0) or a block's. */
  | { kind: 'number'; id: string; block: string }
  /**
   * A block's number only: grouped as the app shows it (`16,332`), after `#`, or too long for an
   * entity's number (13 digits or more).
   */
  | { kind: 'block'; block: string }
  | { kind: 'alias'; alias: string }
  /**
   * Base32 in lower or mixed case: an alias typed or copied so (the mirror matches only upper
   * case, `alias` here), or else one long word of a token's name (`name`).
   */
  | { kind: 'alias-or-name'; alias: string; name: string }
  /** One NFT: a collection's token id and a serial number (`0.0.1104/81`, `0.0.1104#81`). */
  | { kind: 'nft'; token: string; serial: string; checksum?: string }
  | { kind: 'token-name'; name: string }
  | { kind: 'empty' }
  | { kind: 'invalid' };

/**
 * `0.0.3-1700000000-000000001` (mirror form) or `0.0.3@1700000000.000000001` (SDK form), the latter
 * also with the payer's checksum (`0.0.3-tzfmz@1700000000.000000001`).
 */
const TRANSACTION_ID = /^(\d{1,4})\.(\d{1,5})\.(\d{1,12})(?:-(\d{1,19})-(\d{1,9})|(?:-([a-z]{5}))?@(\d{1,19})\.(\d{1,9}))$/i;
const ENTITY_ID = /^(\d{1,4})\.(\d{1,5})\.(\d{1,12})$/;
const NUMBER = /^\d{1,12}$/;
/**
 * A consensus time: 10 digits of seconds (any time from 2001 to 2286, so all of the network's) and
 * 1 to 9 of the fraction. Ids are never this: an entity id has three parts, and a realm has at most 5 digits.
 */
const CONSENSUS_TIMESTAMP = /^(\d{10})\.(\d{1,9})$/;
/**
 * A 48-byte transaction hash in base64 or base64url, as the mirror's `transaction_hash` and other
 * explorers show it: 64 characters, no padding. Hex of that length is taken first (an Ethereum hash).
 */
const BASE64_HASH = /^(?:[A-Za-z0-9+/]{64}|[A-Za-z0-9_-]{64})$/;
/** `shard.realm.num-abcde`: a checksum needs the whole id it was computed over. */
const CHECKSUMMED_ENTITY_ID = /^(\d{1,4})\.(\d{1,5})\.(\d{1,12})-([a-z]{5})$/i;
/** A key alias is the base32 (RFC 4648, no padding) of a protobuf Key: 52+ characters in practice. */
const ALIAS = /^(?:\d{1,4}\.\d{1,5}\.)?([A-Z2-7]{20,})$/;
/**
 * The same in another case, at the length of a key's alias (an ED25519 key's is 55 characters, an
 * ECDSA one's 56); with `shard.realm.` before it, no name: an alias.
 */
const ALIAS_ANY_CASE = /^(\d{1,4}\.\d{1,5}\.)?([A-Za-z2-7]{52,60})$/;
/** A collection's id (its checksum allowed) and a serial, apart by `/` or `#` as explorers and wallets write them. */
const NFT = /^(\d{1,4})\.(\d{1,5})\.(\d{1,12})(?:-([a-z]{5}))?[/#](\d{1,19})$/i;
/**
 * Words, not a mistyped id or hex: a letter somewhere, no `0x` or `shard.realm.` start. Within the
 * bounds the mirror's token `name` filter takes (tokenNameLength).
 */
const NAME_START_OF_ID = /^(?:0x|\d+\.\d)/i;
const LETTER = /\p{L}/u;

export function classifySearch(input: string): SearchQuery {
  const text = typedText(input);
  if (text === '') return { kind: 'empty' };
  const tx = TRANSACTION_ID.exec(text);
  if (tx) {
    const seconds = tx[4] ?? tx[7]!;
    const nanos = tx[5] ?? tx[8]!;
    const id = `${Number(tx[1])}.${Number(tx[2])}.${BigInt(tx[3]!)}-${BigInt(seconds)}-${nanos.padStart(9, '0')}`;
    return tx[6] ? { kind: 'transaction-id', id, checksum: tx[6].toLowerCase() } : { kind: 'transaction-id', id };
  }
  const hex = /^(?:0x)?([0-9a-f]+)$/i.exec(text)?.[1]?.toLowerCase();
  if (hex && hex.length === 96) return { kind: 'transaction-hash', hash: `0x${hex}` };
  if (hex && hex.length === 64) return { kind: 'ethereum-hash', hash: `0x${hex}` };
  if (hex && hex.length === 40) return { kind: 'evm-address', address: `0x${hex}` };
  const timestamp = CONSENSUS_TIMESTAMP.exec(text);
  if (timestamp) return { kind: 'consensus-timestamp', timestamp: `${timestamp[1]}.${timestamp[2]!.padEnd(9, '0')}` };
  if (NUMBER.test(text)) return { kind: 'number', id: `0.0.${BigInt(text)}`, block: String(BigInt(text)) };
  const block = readBlockNumber(text);
  if (block.kind === 'number') return { kind: 'block', block: String(block.number) };
  const entity = ENTITY_ID.exec(text);
  if (entity) return { kind: 'entity-id', id: `${Number(entity[1])}.${Number(entity[2])}.${BigInt(entity[3]!)}` };
  const checksummed = CHECKSUMMED_ENTITY_ID.exec(text);
  if (checksummed) return { kind: 'entity-id', id: `${Number(checksummed[1])}.${Number(checksummed[2])}.${BigInt(checksummed[3]!)}`, checksum: checksummed[4]!.toLowerCase() };
  const nft = NFT.exec(text);
  if (nft) {
    const token = `${Number(nft[1])}.${Number(nft[2])}.${BigInt(nft[3]!)}`;
    const serial = String(BigInt(nft[5]!));
    return nft[4] ? { kind: 'nft', token, serial, checksum: nft[4].toLowerCase() } : { kind: 'nft', token, serial };
  }
  // Upper case, as the mirror matches aliases; one in another case is asked for upper-cased.
  const alias = ALIAS.exec(text);
  if (alias) return { kind: 'alias', alias: alias[1]! };
  const anyCase = ALIAS_ANY_CASE.exec(text);
  if (anyCase) {
    const upper = anyCase[2]!.toUpperCase();
    return anyCase[1] === undefined ? { kind: 'alias-or-name', alias: upper, name: text } : { kind: 'alias', alias: upper };
  }
  if (BASE64_HASH.test(text)) return { kind: 'transaction-hash', hash: base64ToHex(text.replaceAll('-', '+').replaceAll('_', '/')) };
  if (LETTER.test(text) && !NAME_START_OF_ID.test(text) && tokenNameLength(text) === 'fits') return { kind: 'token-name', name: text };
  return { kind: 'invalid' };
}

/** How the kinds read in messages ("No account, contract, token or topic 0.0.5"). */
export function describeSearch(query: SearchQuery): string {
  switch (query.kind) {
    case 'transaction-id': return `transaction ${query.id}`;
    case 'transaction-hash': return 'transaction or block with this hash';
    case 'consensus-timestamp': return `transaction at consensus time ${query.timestamp}`;
    case 'ethereum-hash': return 'contract result or block with this Ethereum hash';
    case 'evm-address': return `contract, account or token at ${query.address}`;
    case 'entity-id': return `account, contract, token, topic or schedule ${query.id}`;
    case 'number': return `account, contract, token, topic or schedule ${query.id}, or block ${query.block}`;
    case 'block': return `block ${query.block}`;
    case 'alias': return 'account with this alias';
    case 'alias-or-name': return `account with this alias (looked for in upper case, as aliases are written) or token whose name contains “${query.name}”`;
    case 'nft': return `NFT ${query.token} #${query.serial}`;
    case 'token-name': return `token whose name contains “${query.name}”`;
    default: return 'match';
  }
}
