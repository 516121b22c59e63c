import { describe, expect, it } from 'vitest';
import { lastField, ProtobufError, readFields, signed } from '../../../main/mirror/format/protobuf-reader.ts';

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));

describe('readFields', () => {
  it('reads varints, fixed64, fixed32 and byte strings (little-endian fixed values)', () => {
    // 1: varint 300; 2: fixed64 0x0102030405060708; 3: fixed32 0xdeadbeef; 4: bytes "hi"
    const fields = readFields(hex('08ac02' + '110807060504030201' + '1defbeadde' + '22026869'));
    expect(fields.map((f) => [f.number, f.wireType, f.value])).toEqual([[1, 0, 300n], [2, 1, 0x0102030405060708n], [3, 5, 0xdeadbeefn], [4, 2, 2n]]);
    expect(Buffer.from(fields[3]!.bytes).toString()).toBe('hi');
  });

  it('reads fixed values from a view into a larger buffer at an odd offset', () => {
    const whole = hex('ff' + '1d04030201');
    expect(readFields(whole.subarray(1))[0]!.value).toBe(0x01020304n);
  });

  it('keeps the last of repeated fields and reads int64 varints as signed', () => {
    const fields = readFields(hex('0801' + '0802' + '08ffffffffffffffffff01'));
    expect(lastField(fields, 1)!.value).toBe(0xffffffffffffffffn);
    expect(signed(lastField(fields, 1)!.value)).toBe(-1n);
    expect(lastField(fields, 9)).toBeUndefined();
  });

  it('throws ProtobufError on truncated or malformed input, never reading past the end', () => {
    for (const bad of ['08', '1101', '1d0102', '2205aa', '0f', '00', 'ffffffffffffffffffffff01']) {
      expect(() => readFields(hex(bad)), bad).toThrow(ProtobufError);
    }
  });
});
