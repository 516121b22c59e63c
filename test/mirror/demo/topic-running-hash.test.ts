import { describe, expect, it } from 'vitest';
import { INITIAL_RUNNING_HASH, nextRunningHash } from '../../../main/mirror/demo/topic-running-hash.ts';

// Expected hashes computed by the consensus node's own code (ConsensusSubmitMessageHandler
// .updateRunningHashAndSequenceNumber, its ObjectOutputStream writes copied verbatim) run on OpenJDK 17.
describe('a topic running hash, version 3', () => {
  it("chains a topic's first message from 48 zero bytes as the network does", () => {
    const first = nextRunningHash({
      previous: INITIAL_RUNNING_HASH, payer: { shard: 0, realm: 0, num: 1234 }, topic: { shard: 0, realm: 0, num: 1050 },
      consensusNs: 1_700_000_000_123_456_789n, sequenceNumber: 1, message: Buffer.from('hello'),
    });
    expect(first.toString('hex')).toBe('8a6f8ff1e86829ad2c0b6005499d3fe522a2d180ce60ee88a45c3798e75124afe3465ebb80deb954238d18846928ef2e');
  });

  it('chains a later message over the hash before it, the payer and topic ids, the consensus time and the sequence number', () => {
    const previous = Buffer.from('8a6f8ff1e86829ad2c0b6005499d3fe522a2d180ce60ee88a45c3798e75124afe3465ebb80deb954238d18846928ef2e', 'hex');
    const submitted = {
      previous, payer: { shard: 0, realm: 0, num: 98_765 }, topic: { shard: 0, realm: 0, num: 4321 },
      consensusNs: 1_792_000_000_999_999_999n, sequenceNumber: 2, message: Buffer.from('Hashgraph consensus ✓'),
    };
    const expected = '7dc2ccd7b6c2d932bffbfc797767eb2b0ddd48942137e1208d23f9fb801f06ab0bdb5d0281b822737cc510acfc3cce84';
    expect(nextRunningHash(submitted).toString('hex')).toBe(expected);
    // Each part counts: another payer, nanosecond or sequence number gives another hash.
    expect(nextRunningHash({ ...submitted, payer: { shard: 0, realm: 0, num: 98_766 } }).toString('hex')).not.toBe(expected);
    expect(nextRunningHash({ ...submitted, consensusNs: submitted.consensusNs - 1n }).toString('hex')).not.toBe(expected);
    expect(nextRunningHash({ ...submitted, sequenceNumber: 3 }).toString('hex')).not.toBe(expected);
  });

  it('refuses a previous hash that is not 48 bytes', () => {
    expect(() => nextRunningHash({
      previous: Buffer.alloc(32), payer: { shard: 0, realm: 0, num: 2 }, topic: { shard: 0, realm: 0, num: 3 }, consensusNs: 1n, sequenceNumber: 1, message: Buffer.alloc(1),
    })).toThrow(RangeError);
  });
});
