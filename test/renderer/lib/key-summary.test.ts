import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeProtobufKey, keyTypeLabel } from '../../../renderer/src/lib/key-summary.ts';
import { contractIdKeyBytes, thresholdKeyBytes } from '../../../main/mirror/demo/keys.ts';
import { ecdsaKeyBytes, ed25519KeyBytes } from '../../../main/mirror/format/key.ts';

const SPECS = path.resolve('../shared/conformance/mirror/specs');

/** Every `ProtobufEncoded` key the reference's cases answer with (hex strings under a `_type` of that name). */
function referenceProtobufKeys(): string[] {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record._type === 'ProtobufEncoded' && typeof record.key === 'string') keys.add(record.key);
    Object.values(record).forEach(visit);
  };
  for (const file of fs.readdirSync(SPECS, { recursive: true }) as string[]) {
    if (file.endsWith('.json')) visit(JSON.parse(fs.readFileSync(path.join(SPECS, file), 'utf8')));
  }
  return [...keys];
}

describe('describeProtobufKey', () => {
  it('reads the key list of two ECDSA keys a node has in the reference cases', () => {
    // network/nodes/node-range.json: a node's admin key.
    const hex = '324a0a233a210344e18efe4e069846adb25b98ec1c4cef088503807245916bcd51876fe28fc69a0a233a210277167b71f33743f8b626ab0162f90f791f84d6e40a8d395c8a5f29d322d61d13';
    expect(referenceProtobufKeys()).toContain(hex);
    expect(describeProtobufKey(hex)).toEqual({ summary: 'list of 2', detail: 'list of 2 [ECDSA 0344e18e…, ECDSA 0277167b…]' });
  });

  it('answers null for the reference cases whose ProtobufEncoded value is not a Key message', () => {
    // tokens/{id}/*.json carry ASCII text under this type (test data of the reference), which must not read as a key.
    const keys = referenceProtobufKeys();
    const notKeys = keys.filter((hex) => describeProtobufKey(hex) === null);
    expect(notKeys).toEqual(expect.arrayContaining(['7b2231222c2232222c2233227d']));
    expect(keys.length).toBeGreaterThan(notKeys.length);
  });

  it('names a contract id key by its id, as contracts carry it as admin key', () => {
    expect(describeProtobufKey(contractIdKeyBytes(20062).toString('hex'))).toEqual({ summary: 'contract 0.0.20062', detail: 'contract 0.0.20062' });
    expect(describeProtobufKey('0a0418de9c01')?.summary).toBe('contract 0.0.20062');
    // delegatable_contract_id (field 8) with shard and realm set
    expect(describeProtobufKey('420608011002180b')?.summary).toBe('delegatable contract 1.2.11');
  });

  it('summarises threshold keys with their members, nested lists included', () => {
    const ed = ed25519KeyBytes(Buffer.alloc(32, 0xab));
    const ecdsa = ecdsaKeyBytes(Buffer.concat([Buffer.from([2]), Buffer.alloc(32, 0xcd)]));
    const nested = thresholdKeyBytes(1, [ed, thresholdKeyBytes(2, [ed, ecdsa, contractIdKeyBytes(7)])]);
    expect(describeProtobufKey(nested.toString('hex'))).toEqual({
      summary: 'threshold 1 of 2',
      detail: 'threshold 1 of 2 [ED25519 abababab…, threshold 2 of 3 [ED25519 abababab…, ECDSA 02cdcdcd…, contract 0.0.7]]',
    });
  });

  it('answers null for bytes that are not one well-formed Key', () => {
    for (const hex of ['', 'zz', '0', '0a', '0a05180101', 'ffffffffffffffffffffff01', '1220ab1220ab', '08011001', '3a21']) {
      expect(describeProtobufKey(hex), hex).toBeNull();
    }
    // a key list nested deeper than anyone would read
    let deep = ed25519KeyBytes(Buffer.alloc(32, 1));
    for (let i = 0; i < 20; i++) deep = Buffer.concat([Buffer.from([0x32, deep.length + 2, 0x0a, deep.length]), deep]);
    expect(describeProtobufKey(deep.toString('hex'))).toBeNull();
  });
});

describe('keyTypeLabel', () => {
  it('labels plain keys by their curve and a protobuf-encoded key by the kind it is, as its summary names it', () => {
    expect(keyTypeLabel({ _type: 'ED25519', key: 'aa' })).toBe('ED25519');
    expect(keyTypeLabel({ _type: 'ECDSA_SECP256K1', key: 'aa' })).toBe('ECDSA');
    // A contract id key (the demo's 0.0.1018 holds its own): as the contract page's "contract 0.0.1018".
    expect(keyTypeLabel({ _type: 'ProtobufEncoded', key: '0a0318fa07' })).toBe('contract');
    expect(keyTypeLabel({ _type: 'ProtobufEncoded', key: '420608011002180b' })).toBe('delegatable contract');
    const threshold = thresholdKeyBytes(1, [ed25519KeyBytes(Buffer.alloc(32, 1)), ed25519KeyBytes(Buffer.alloc(32, 2))]).toString('hex');
    expect(keyTypeLabel({ _type: 'ProtobufEncoded', key: threshold })).toBe('threshold');
    expect(keyTypeLabel({ _type: 'ProtobufEncoded', key: 'aa' })).toBe('other');
    expect(keyTypeLabel(null)).toBe('—');
  });
});
