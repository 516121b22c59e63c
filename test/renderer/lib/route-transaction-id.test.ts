import { describe, expect, it } from 'vitest';
import { withChecksum } from '../../../renderer/src/lib/entity-checksum.ts';
import { bytesToHex } from '../../../renderer/src/lib/ledger-format.ts';
import { unaskablePart, mirrorPath } from '../../../renderer/src/lib/mirror-source.ts';
import { readRouteTransactionId, writtenRouteParam } from '../../../renderer/src/lib/route-transaction-id.ts';

const LOCAL = 298;
const MAINNET = 295;
const ID = '0.0.3028-1791998432-407145453';
/** 48 bytes whose base64 holds both `+` and `/`, as the API's `transaction_hash` often does. */
const HASH_BYTES = Uint8Array.from({ length: 48 }, (_, i) => (i % 3 === 0 ? 0xfb : i % 3 === 1 ? 0xff : 0xbf));
const HASH_BASE64 = Buffer.from(HASH_BYTES).toString('base64');
const HASH_HEX = `0x${bytesToHex(HASH_BYTES)}`;

/** A hash of the demo ledger, with a `+` inside. */
const DEMO_HASH = 'QY14ULR1KZTTrXYuV0RLVWmeTFHAAnzmEnS4xrHwr+zpUat2LRHqpEqgCBtOK7D/';

/** The id of a route's query, as the transaction page reads it: as URLSearchParams reads it, and as written. */
const readAddress = (query: string) => readRouteTransactionId(new URLSearchParams(query).get('id'), LOCAL, writtenRouteParam(query, 'id'));

describe('writtenRouteParam', () => {
  it('undoes escapes but keeps a `+`; null for a parameter absent or an escape that cannot be undone', () => {
    expect(writtenRouteParam('tab=x&id=a+b%20c%2Bd&id=second', 'id')).toBe('a+b c+d');
    expect(writtenRouteParam('tab=x', 'id')).toBeNull();
    expect(writtenRouteParam('id=%E0%A4%A', 'id')).toBeNull();
    expect(writtenRouteParam('id', 'id')).toBe('');
  });
});

describe('readRouteTransactionId', () => {
  it('reads no id from an absent or blank parameter', () => {
    expect(readRouteTransactionId(null, LOCAL)).toEqual({ kind: 'none' });
    expect(readRouteTransactionId(' \u200B ', LOCAL)).toEqual({ kind: 'none' });
  });

  it('takes the forms the search box takes, as the mirror\'s id: the SDK\'s, short nanoseconds, spaces around', () => {
    expect(readRouteTransactionId(ID, LOCAL)).toEqual({ kind: 'id', id: ID });
    expect(readRouteTransactionId('0.0.3028@1791998432.407145453', LOCAL)).toEqual({ kind: 'id', id: ID });
    expect(readRouteTransactionId(`  ${ID}\u200B `, LOCAL)).toEqual({ kind: 'id', id: ID });
    expect(readRouteTransactionId('0.0.3028-1791998432-45', LOCAL)).toEqual({ kind: 'id', id: '0.0.3028-1791998432-000000045' });
  });

  it('takes a hash in hex (any case, 0X too) or in base64 with `+` and `/`, as lower-case hex, which an address path can carry', () => {
    expect(HASH_BASE64).toMatch(/\//);
    expect(unaskablePart(mirrorPath(['transactions', HASH_BASE64]))).not.toBeNull();
    for (const given of [HASH_BASE64, HASH_HEX, HASH_HEX.toUpperCase(), HASH_HEX.slice(2), ` ${HASH_BASE64.replaceAll('+', '-').replaceAll('/', '_')} `]) {
      expect(readRouteTransactionId(given, LOCAL), given).toEqual({ kind: 'id', id: HASH_HEX });
    }
    expect(unaskablePart(mirrorPath(['transactions', HASH_HEX]))).toBeNull();
  });

  it('keeps the `+` of a base64 hash pasted into the address unencoded, which URLSearchParams reads as a space', () => {
    expect(HASH_BASE64).toMatch(/^\+/);
    expect(readAddress(`id=${HASH_BASE64}`)).toEqual({ kind: 'id', id: HASH_HEX });
    // Spaces typed around it are escaped by the browser (`%20`), and dropped.
    expect(readAddress(`id=%20${DEMO_HASH}%20`)).toEqual({ kind: 'id', id: `0x${Buffer.from(DEMO_HASH, 'base64').toString('hex')}` });
  });

  it('never takes a space typed into the address for a `+`: a 63-character slip is no hash', () => {
    // Pasted unencoded (its `+` a `+`) with a space typed before it: 64 characters of base64 once a space is a `+`.
    const slip = DEMO_HASH.slice(1);
    expect(` ${slip}`.replaceAll(' ', '+')).toMatch(/^[A-Za-z0-9+/]{64}$/);
    // Left for the mirror, which says it is not a transaction id; its `+` as written.
    expect(readAddress(`id=%20${slip}`)).toEqual({ kind: 'id', id: slip });
    // A space inside: no id nor hash holds one, and the text is refused as typed (written back, it would read as a `+`).
    const spaced = `${slip.slice(0, 20)} ${slip.slice(20)}`;
    expect(readAddress(`id=${spaced.replace(' ', '%20')}`)).toEqual({ kind: 'refused', text: spaced, reason: 'A transaction id or hash holds no spaces: check the address.' });
  });

  it('checks a payer\'s checksum against the profile\'s network, dropping it where it fits and refusing it where not', () => {
    const local = withChecksum('0.0.3028', LOCAL)!;
    expect(readRouteTransactionId(`${local}@1791998432.407145453`, LOCAL)).toEqual({ kind: 'id', id: ID });
    const mainnet = withChecksum('0.0.3028', MAINNET)!;
    expect(readRouteTransactionId(`${mainnet}@1791998432.407145453`, LOCAL)).toMatchObject({ kind: 'refused', text: `${mainnet}@1791998432.407145453`, reason: expect.stringContaining('mainnet') });
  });

  it('leaves anything else as given, for the mirror to judge', () => {
    expect(readRouteTransactionId('abc', LOCAL)).toEqual({ kind: 'id', id: 'abc' });
    expect(readRouteTransactionId('0.0.5', LOCAL)).toEqual({ kind: 'id', id: '0.0.5' });
  });
});
