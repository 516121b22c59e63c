import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { decodeEntityId, encodeEntityId, formatEntityId, formatOptionalEntityId, MAX_NUM, parseEntityIdLoose } from '../../../main/mirror/format/entity-id.ts';
import { int64, parseJsonLossless, stringifyJson } from '../../../main/mirror/format/json-out.ts';
import { ecdsaKeyBytes, ed25519KeyBytes, publicKeyOf, renderKey } from '../../../main/mirror/format/key.ts';
import { formatTimestamp } from '../../../main/mirror/format/timestamp.ts';

describe('entity ids', () => {
  it('encodes shard.realm.num as the reference does', () => {
    expect(encodeEntityId(0, 0, 2)).toBe(2n);
    expect(encodeEntityId(0, 1, 0)).toBe(1n << 38n);
    expect(encodeEntityId(1, 0, 0)).toBe(1n << 54n);
    // Shards from 512 set the sign bit: the stored id is negative.
    expect(encodeEntityId(1023, 65535, MAX_NUM)).toBe(-1n);
    expect(formatEntityId(-1n)).toBe('1023.65535.274877906943');
  });

  it('formats realm-0 ids (the short path) and the ids around it the same way as decoding does', () => {
    const decoded = (id: bigint): string => {
      const { shard, realm, num } = decodeEntityId(id);
      return `${shard}.${realm}.${num}`;
    };
    for (const id of [0n, 1n, 800n, MAX_NUM - 1n, MAX_NUM, MAX_NUM + 1n, 1n << 54n, -1n, -(1n << 63n)]) {
      expect(formatEntityId(id)).toBe(decoded(id));
    }
    expect(formatEntityId(MAX_NUM)).toBe('0.0.274877906943');
    expect(formatEntityId(MAX_NUM + 1n)).toBe('0.1.0');
    expect(formatEntityId(98)).toBe('0.0.98');
    expect(formatEntityId(Number(MAX_NUM) + 1)).toBe('0.1.0');
  });

  it('rejects parts out of range', () => {
    expect(encodeEntityId(1024, 0, 0)).toBeNull();
    expect(encodeEntityId(0, 65536, 0)).toBeNull();
    expect(encodeEntityId(0, 0, MAX_NUM + 1n)).toBeNull();
    expect(encodeEntityId(0, 0, -1)).toBeNull();
  });

  it('round-trips every valid id', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1023 }), fc.integer({ min: 0, max: 65535 }), fc.bigInt({ min: 0n, max: MAX_NUM }),
      (shard, realm, num) => {
        const id = encodeEntityId(shard, realm, num)!;
        expect(decodeEntityId(id)).toEqual({ shard, realm, num });
        expect(parseEntityIdLoose(formatEntityId(id))).toBe(id);
      },
    ));
  });

  it('treats 0 and null as "no entity"', () => {
    expect(formatOptionalEntityId(0)).toBeNull();
    expect(formatOptionalEntityId(null)).toBeNull();
    expect(formatOptionalEntityId(800n)).toBe('0.0.800');
  });

  it('parses the loose forms of the spec setup format', () => {
    expect(parseEntityIdLoose('0.0.98')).toBe(98n);
    expect(parseEntityIdLoose('1.98')).toBe((1n << 38n) + 98n);
    expect(parseEntityIdLoose('274877907042')).toBe(274877907042n);
    expect(parseEntityIdLoose('0.0.x')).toBeNull();
    expect(parseEntityIdLoose('1.2.3.4')).toBeNull();
  });
});

describe('timestamps', () => {
  it('renders nanoseconds as seconds with nine fraction digits', () => {
    expect(formatTimestamp(2000)).toBe('0.000002000');
    expect(formatTimestamp(1_700_000_000_123_456_789n)).toBe('1700000000.123456789');
    expect(formatTimestamp(0)).toBe('0.000000000');
    expect(formatTimestamp(null)).toBeNull();
    expect(formatTimestamp(-1_500_000_000n)).toBe('-1.500000000');
  });
});

describe('base32', () => {
  it('matches RFC 4648 test vectors without padding', () => {
    expect(encodeBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(encodeBase32(Buffer.from('f'))).toBe('MY');
    expect(Buffer.from(decodeBase32('mzxw6ytboi')!).toString()).toBe('foobar');
    expect(decodeBase32('MZXW6YTBOI======')).not.toBeNull();
    expect(decodeBase32('M1')).toBeNull();
  });

  it('round-trips arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect(Buffer.from(decodeBase32(encodeBase32(bytes))!)).toEqual(Buffer.from(bytes));
    }));
  });
});

describe('keys', () => {
  const ed = 'ab'.repeat(32);
  const ec = '02' + 'cd'.repeat(32);

  it('unwraps plain, one-element key list and threshold forms', () => {
    expect(renderKey(ed25519KeyBytes(Buffer.from(ed, 'hex')))).toEqual({ _type: 'ED25519', key: ed });
    expect(renderKey(ecdsaKeyBytes(Buffer.from(ec, 'hex')))).toEqual({ _type: 'ECDSA_SECP256K1', key: ec });
    expect(renderKey(Buffer.from(`32240a221220${ed}`, 'hex'))).toEqual({ _type: 'ED25519', key: ed });
    expect(renderKey(Buffer.from(`2a29080112250a233a21${ec}`, 'hex'))).toEqual({ _type: 'ECDSA_SECP256K1', key: ec });
  });

  it('shows anything else as the whole protobuf, and an empty key list as null', () => {
    const twoOfThree = `2a4a0802124632220a2012201111` ;
    expect(renderKey(Buffer.from(twoOfThree, 'hex'))).toEqual({ _type: 'ProtobufEncoded', key: twoOfThree });
    expect(publicKeyOf(Buffer.from(twoOfThree, 'hex'))).toBeNull();
    expect(renderKey(Buffer.from('3200', 'hex'))).toBeNull();
    expect(renderKey(null)).toBeNull();
  });
});

describe('lossless JSON', () => {
  it('writes int64 values beyond 2^53 as bare digits and reads them back exactly', () => {
    const big = 9_223_372_036_854_775_807n;
    const text = stringifyJson({ balance: int64(big), small: int64(5n), none: int64(null) });
    expect(text).toBe('{"balance":9223372036854775807,"small":5,"none":null}');
    expect(parseJsonLossless(text)).toEqual({ balance: big, small: 5, none: null });
  });

  it('writes bigints nested anywhere, and everything around them, as JSON.stringify would', () => {
    const when = new Date(Date.UTC(2026, 0, 2));
    const body = {
      list: [1n << 60n, { deep: [-(1n << 62n)], text: 'x', gone: undefined }, null],
      buffer: Buffer.from([1, 2]),
      when,
      flag: true,
      skipped: () => 1,
    };
    expect(stringifyJson(body)).toBe(
      `{"list":[1152921504606846976,{"deep":[-4611686018427387904],"text":"x"},null],"buffer":{"type":"Buffer","data":[1,2]},"when":"2026-01-02T00:00:00.000Z","flag":true}`,
    );
    // Bodies without bigints take the plain path and are unchanged by the retry logic.
    expect(stringifyJson({ a: [1, 'b'], c: when })).toBe(JSON.stringify({ a: [1, 'b'], c: when }));
  });

  it('leaves fractions and safe integers as numbers', () => {
    expect(parseJsonLossless('[1.5, 1e300, 42, -9007199254740993]')).toEqual([1.5, 1e300, 42, -9007199254740993n]);
  });
});
