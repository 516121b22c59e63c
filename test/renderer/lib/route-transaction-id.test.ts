import { describe, expect, it } from 'vitest';
import { withChecksum } from '../../../renderer/src/lib/entity-checksum.ts';
import { bytesToHex } from '../../../renderer/src/lib/ledger-format.ts';
import { unaskablePart, mirrorPath } from '../../../renderer/src/lib/mirror-source.ts';
import { readRouteTransactionId } from '../../../renderer/src/lib/route-transaction-id.ts';

const LOCAL = 298;
const MAINNET = 295;
const ID = '0.0.3028-1791998432-407145453';
/** 48 bytes whose base64 holds both `+` and `/`, as the API's `transaction_hash` often does. */
const HASH_BYTES = Uint8Array.from({ length: 48 }, (_, i) => (i % 3 === 0 ? 0xfb : i % 3 === 1 ? 0xff : 0xbf));
const HASH_BASE64 = Buffer.from(HASH_BYTES).toString('base64');
const HASH_HEX = `0x${bytesToHex(HASH_BYTES)}`;

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
    // Pasted into the address unencoded, its `+` reads as a space in the query string.
    expect(HASH_BASE64).toMatch(/\+/);
    const pasted = new URLSearchParams(`id=${HASH_BASE64}`).get('id');
    expect(readRouteTransactionId(pasted, LOCAL)).toEqual({ kind: 'id', id: HASH_HEX });
    const demo = 'QY14ULR1KZTTrXYuV0RLVWmeTFHAAnzmEnS4xrHwr+zpUat2LRHqpEqgCBtOK7D/';
    expect(readRouteTransactionId(` ${demo.replace('+', ' ')} `, LOCAL)).toEqual({ kind: 'id', id: `0x${Buffer.from(demo, 'base64').toString('hex')}` });
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
