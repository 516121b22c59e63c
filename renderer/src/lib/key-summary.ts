/**
 * A readable summary of a `ProtobufEncoded` key (the mirror API's wrapper for every key that is
 * not one plain ED25519 or ECDSA key): a contract id key, a threshold key, a key list, ...
 * Decodes the protobuf `Key` message of the Hedera services API far enough to name it; bytes
 * that are not a well-formed `Key` answer null, and the caller shows the hex as it is.
 */
import type { KeyWrapper } from '../../../main/common/mirror-types.ts';
import { bytesToHex, hexToBytes } from './ledger-format.ts';
import { bytesField, decodedOrNull, entityIdText, messageFields, ProtobufError, varintField } from './protobuf-fields.ts';

/** Field numbers of `Key` (services/basic_types.proto). */
const KEY_FIELDS: Record<number, string> = {
  1: 'contract', 2: 'ED25519', 3: 'RSA-3072', 4: 'ECDSA P-384', 5: 'threshold', 6: 'list', 7: 'ECDSA', 8: 'delegatable contract',
};
/** Key lists nest; deeper than this is not a key anyone reads on a screen. */
const MAX_DEPTH = 8;

/** The keys of a `KeyList { repeated Key keys = 1 }`, each summarised. */
function listMembers(bytes: Uint8Array, depth: number): string[] {
  return messageFields(bytes).map((field) => {
    if (field.number !== 1 || field.wireType !== 2) throw new ProtobufError('a KeyList holds only keys');
    return keyText(field.bytes, depth + 1);
  });
}

function keyText(bytes: Uint8Array, depth: number): string {
  if (depth > MAX_DEPTH) throw new ProtobufError('keys nested too deep');
  const fields = messageFields(bytes);
  const kind = fields.length === 1 && fields[0]!.wireType === 2 ? KEY_FIELDS[fields[0]!.number] : undefined;
  if (kind === undefined) throw new ProtobufError('not one Key');
  const { number, bytes: value } = fields[0]!;
  switch (number) {
    case 1:
    case 8:
      return `${kind} ${entityIdText(messageFields(value))}`;
    case 5: {
      // ThresholdKey { uint32 threshold = 1; KeyList keys = 2 }
      const parts = messageFields(value);
      const list = bytesField(parts, 2);
      const members = list ? listMembers(list, depth) : [];
      return `threshold ${varintField(parts, 1)} of ${members.length} [${members.join(', ')}]`;
    }
    case 6: {
      const members = listMembers(value, depth);
      return `list of ${members.length} [${members.join(', ')}]`;
    }
    default: {
      // A public key: its first bytes name it well enough beside the whole key's hex.
      const hex = bytesToHex(value);
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
  // An empty key is no key.
  const bytes = hex === '' ? null : hexToBytes(hex);
  const detail = bytes === null ? null : decodedOrNull(() => keyText(bytes, 0));
  if (detail === null) return null;
  const bracket = detail.indexOf(' [');
  return { summary: bracket < 0 ? detail : detail.slice(0, bracket), detail };
}

/**
 * What kind of key it is, by the `Key` field it sets (`contract`, `threshold`, `list`, …), for a
 * label too short for the summary; null when the hex is not a well-formed `Key` message.
 */
export function protobufKeyKind(hex: string): string | null {
  if (describeProtobufKey(hex) === null) return null;
  return KEY_FIELDS[messageFields(hexToBytes(hex)!)[0]!.number] ?? null;
}

/**
 * The short label of a key's type, as the accounts table shows it: a protobuf-encoded key by the
 * kind it is (`contract`, `threshold`, `list`, …), the word its summary starts with; `other` only
 * when it cannot be read.
 */
export function keyTypeLabel(key: KeyWrapper | null | undefined): string {
  if (!key) return '—';
  if (key._type === 'ED25519') return 'ED25519';
  if (key._type === 'ECDSA_SECP256K1') return 'ECDSA';
  return (key._type === 'ProtobufEncoded' ? protobufKeyKind(key.key) : null) ?? 'other';
}
