import { createHash } from 'node:crypto';

/** The layout of the hashed bytes (topic_message.running_hash_version): 3 since 2020, the one the network writes. */
export const RUNNING_HASH_VERSION = 3;

/** A new topic's running hash, before its first message: 48 zero bytes (ConsensusCreateTopicHandler). */
export const INITIAL_RUNNING_HASH: Buffer = Buffer.alloc(48);

/**
 * The consensus node writes the hashed bytes with a java.io.ObjectOutputStream (ConsensusSubmitMessageHandler
 * .updateRunningHashAndSequenceNumber), whose framing is part of what is hashed: the stream header; each
 * `writeObject(byte[])` as an array object (its class descriptor `[B` the first time, a back-reference to it
 * after); the longs and the int in between as one block of data.
 */
const STREAM_HEADER = Buffer.from('aced0005', 'hex');
/** TC_ARRAY, TC_CLASSDESC "[B" (serialVersionUID 0xacf317f8060854e0, SC_SERIALIZABLE, no fields), TC_ENDBLOCKDATA, TC_NULL. */
const FIRST_ARRAY = Buffer.from('757200025b42acf317f8060854e0020000' + '7870', 'hex');
/** TC_ARRAY, TC_REFERENCE to the first handle (0x7e0000): the class descriptor written with the first array. */
const LATER_ARRAY = Buffer.from('7571007e0000', 'hex');
/** Eight longs, an int and a long: 76 bytes, written as TC_BLOCKDATA with a one-byte length. */
const FIELDS_BYTES = 76;

/** An entity id as the hash takes it: shard, realm, number. */
export interface HashedEntityId {
  shard: number;
  realm: number;
  num: number;
}

export interface SubmittedMessage {
  /** The topic's running hash before this message (INITIAL_RUNNING_HASH for its first). */
  previous: Buffer;
  /** The account of the transaction id. */
  payer: HashedEntityId;
  topic: HashedEntityId;
  consensusNs: bigint;
  sequenceNumber: number;
  message: Buffer;
}

/**
 * A topic's running hash after `submitted`, as the network computes it for version 3: SHA-384 over the
 * serialized previous hash, the version, payer and topic ids, consensus seconds and nanos, the message's
 * sequence number, and the serialized SHA-384 of the message.
 */
export function nextRunningHash(submitted: SubmittedMessage): Buffer {
  if (submitted.previous.length !== 48) throw new RangeError(`a running hash has 48 bytes, not ${submitted.previous.length}`);
  const fields = Buffer.alloc(2 + FIELDS_BYTES);
  fields[0] = 0x77;
  fields[1] = FIELDS_BYTES;
  let at = 2;
  const long = (value: bigint | number) => { at = fields.writeBigInt64BE(BigInt(value), at); };
  long(RUNNING_HASH_VERSION);
  long(submitted.payer.shard);
  long(submitted.payer.realm);
  long(submitted.payer.num);
  long(submitted.topic.shard);
  long(submitted.topic.realm);
  long(submitted.topic.num);
  long(submitted.consensusNs / 1_000_000_000n);
  at = fields.writeInt32BE(Number(submitted.consensusNs % 1_000_000_000n), at);
  long(submitted.sequenceNumber);
  const messageHash = createHash('sha384').update(submitted.message).digest();
  return createHash('sha384')
    .update(STREAM_HEADER).update(FIRST_ARRAY).update(arrayLength(48)).update(submitted.previous)
    .update(fields)
    .update(LATER_ARRAY).update(arrayLength(48)).update(messageHash)
    .digest();
}

function arrayLength(length: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(length);
  return bytes;
}
