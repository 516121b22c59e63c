/**
 * A readable summary of a `ProtobufEncoded` key (the mirror API's wrapper for every key that is
 * not one plain ED25519 or ECDSA key): a contract id key, a threshold key, a key list, ...
 * Decodes the protobuf `Key` message of the Hedera services API far enough to name it; bytes
 * that are not a well-formed `Key` answer null, and the caller shows the hex as it is.
 */
import { lastField, ProtobufError, readFields, type ProtobufField } from '../../../main/mirror/format/protobuf-reader.ts';

/** Field numbers of `Key` (services/basic_types.proto). */
const KEY_FIELDS: Record<number, string> = {
  1: 'contract', 2: 'ED25519', 3: 'RSA-3072', 4: 'ECDSA P-384', 5: 'threshold', 6: 'list', 7: 'ECDSA', 8: 'delegatable contract',
};
/** Key lists nest; deeper than this is not a key anyone reads on a screen. */
const MAX_DEPTH = 8;

/** The fields of one message of varints and byte strings (all a Key holds), or null for anything else. */
function fieldsOf(bytes: Uint8Array): ProtobufField[] | null {
  try {
    const fields = readFields(bytes);
    return fields.every((f) => f.wireType === 0 || f.wireType === 2) ? fields : null;
  } catch (error) {
    if (error instanceof ProtobufError) return null;
    throw error;
  }
}

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** A varint field's value, 0 when absent (protobuf's default). */
function varintOf(fields: ProtobufField[], number: number): bigint {
  const field = lastField(fields, number);
  return field?.wireType === 0 ? field.value : 0n;
}

/** A length-delimited field's bytes, or undefined. */
function bytesOf(fields: ProtobufField[], number: number): Uint8Array | undefined {
  const field = lastField(fields, number);
  return field?.wireType === 2 ? field.bytes : undefined;
}

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** `ContractID { shardNum = 1; realmNum = 2; contractNum = 3; evm_address = 4 }` as `shard.realm.num` or its EVM address. */
function contractIdText(bytes: Uint8Array): string | null {
  const fields = fieldsOf(bytes);
  if (!fields) return null;
  const evm = bytesOf(fields, 4);
  return evm ? `0x${toHex(evm)}` : `${varintOf(fields, 1)}.${varintOf(fields, 2)}.${varintOf(fields, 3)}`;
}

/** The keys of a `KeyList { repeated Key keys = 1 }`, each summarised. */
function listMembers(bytes: Uint8Array, depth: number): string[] | null {
  const fields = fieldsOf(bytes);
  if (!fields) return null;
  const members: string[] = [];
  for (const field of fields) {
    if (field.number !== 1 || field.wireType !== 2) return null;
    const member = keyText(field.bytes, depth + 1);
    if (member === null) return null;
    members.push(member);
  }
  return members;
}

function keyText(bytes: Uint8Array, depth: number): string | null {
  if (depth > MAX_DEPTH) return null;
  const fields = fieldsOf(bytes);
  if (!fields || fields.length !== 1 || fields[0]!.wireType !== 2) return null;
  const { number, bytes: value } = fields[0]!;
  const kind = KEY_FIELDS[number];
  if (kind === undefined) return null;
  switch (number) {
    case 1:
    case 8: {
      const id = contractIdText(value);
      return id === null ? null : `${kind} ${id}`;
    }
    case 5: {
      // ThresholdKey { uint32 threshold = 1; KeyList keys = 2 }
      const parts = fieldsOf(value);
      if (!parts) return null;
      const list = bytesOf(parts, 2);
      const members = list ? listMembers(list, depth) : [];
      if (members === null) return null;
      return `threshold ${varintOf(parts, 1)} of ${members.length} [${members.join(', ')}]`;
    }
    case 6: {
      const members = listMembers(value, depth);
      return members === null ? null : `list of ${members.length} [${members.join(', ')}]`;
    }
    default: {
      // A public key: its first bytes name it well enough beside the whole key's hex.
      const hex = toHex(value);
      return `${kind} ${hex.length > 12 ? `${hex.slice(0, 8)}…` : hex}`;
    }
  }
}

export interface KeySummary {
  /** One line for a table cell: `contract 0.0.1234`, `threshold 2 of 3`, `list of 2`. */
  summary: string;
  /** Every key inside, for a tooltip: `threshold 2 of 3 [ED25519 1a2b3c4d…, list of 2 [...], ...]`. */
  detail: string;
}

/** The key in words, or null when the hex is not a `Key` message. */
export function describeProtobufKey(hex: string): KeySummary | null {
  const bytes = hexToBytes(hex);
  const detail = bytes === null || bytes.length === 0 ? null : keyText(bytes, 0);
  if (detail === null) return null;
  const bracket = detail.indexOf(' [');
  return { summary: bracket < 0 ? detail : detail.slice(0, bracket), detail };
}
