import { describe, expect, it } from 'vitest';
import { encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { protoEncode, type ProtoField } from '../../../main/mirror/format/protobuf-writer.ts';
import { decodeScheduledTransaction } from '../../../renderer/src/lib/scheduled-transaction.ts';

// Bodies written field by field from services/schedulable_transaction_body.proto and the bodies it embeds.
const zigzag = (n: bigint): bigint => (n << 1n) ^ (n >> 63n);
const account = (num: number): ProtoField[] => [[1, 0], [2, 0], [3, num]];
const accountAmount = (num: number, amount: bigint): ProtoField => [1, [[1, account(num)], [2, zigzag(amount)]]];
const base64 = (fields: ProtoField[]): string => protoEncode(fields).toString('base64');

describe('decodeScheduledTransaction', () => {
  it('reads a scheduled HBAR, token and NFT transfer (cryptoTransfer is field 9)', () => {
    const body = base64([[1, 200_000_000], [2, 'payroll run'], [9, [
      [1, [accountAmount(1001, -12_345_678_900n), accountAmount(1002, 12_345_678_900n)]],
      [2, [[1, [[3, 5005]]], [2, [[1, account(1001)], [2, zigzag(-25n)]]], [2, [[1, account(1003)], [2, zigzag(25n)]]]]],
      [2, [[1, [[3, 6006]]], [3, [[1, account(1001)], [2, account(1004)], [3, 7]]]]],
    ]]]);
    expect(decodeScheduledTransaction(body)).toEqual({
      type: 'CRYPTOTRANSFER', maxFee: 200_000_000n, memo: 'payroll run',
      transfers: [{ account: '0.0.1001', amount: -12_345_678_900n }, { account: '0.0.1002', amount: 12_345_678_900n }],
      tokenTransfers: [{ token_id: '0.0.5005', account: '0.0.1001', amount: -25n }, { token_id: '0.0.5005', account: '0.0.1003', amount: 25n }],
      nftTransfers: [{ token_id: '0.0.6006', sender_account_id: '0.0.1001', receiver_account_id: '0.0.1004', serial_number: 7n }],
      topic: null, messageBytes: null, token: null, amount: null, serials: null,
    });
  });

  it('reads a body that also carries max_custom_fees (field 1001), beside its one operation', () => {
    const body = base64([[1, 9], [9, [[1, [accountAmount(1001, -4n), accountAmount(1002, 4n)]]]], [1001, [[1, account(1001)]]]]);
    expect(decodeScheduledTransaction(body)).toMatchObject({ type: 'CRYPTOTRANSFER', transfers: [{ account: '0.0.1001', amount: -4n }, { account: '0.0.1002', amount: 4n }] });
  });

  it('names accounts given by alias as the account page takes them, and keeps shard and realm', () => {
    const keyAlias = Buffer.from('1220' + 'ab'.repeat(32), 'hex');
    const evmAlias = Buffer.alloc(20, 0x7f);
    const byAlias = (alias: Buffer, amount: bigint): ProtoField => [1, [[1, [[1, 0], [2, 0], [4, alias]]], [2, zigzag(amount)]]];
    const body = base64([[9, [[1, [byAlias(keyAlias, -5n), byAlias(evmAlias, 2n), [1, [[1, [[1, 1], [2, 2], [3, 9]]], [2, zigzag(3n)]]]]]]]]);
    expect(decodeScheduledTransaction(body)?.transfers).toEqual([
      { account: encodeBase32(keyAlias), amount: -5n }, { account: `0x${'7f'.repeat(20)}`, amount: 2n }, { account: '1.2.9', amount: 3n },
    ]);
  });

  it('reads the topic and message size of a scheduled message', () => {
    const scheduled = decodeScheduledTransaction(base64([[1, 5], [21, [[1, [[3, 18748]]], [2, 'hello topic']]]]));
    expect(scheduled).toMatchObject({ type: 'CONSENSUSSUBMITMESSAGE', maxFee: 5n, memo: '', topic: '0.0.18748', messageBytes: 11 });
  });

  it('reads mints (amount or metadata count) and burns (amount or packed serials)', () => {
    expect(decodeScheduledTransaction(base64([[29, [[1, [[3, 1001]]], [2, 500]]]]))).toMatchObject({ type: 'TOKENMINT', token: '0.0.1001', amount: 500n, serials: 0 });
    expect(decodeScheduledTransaction(base64([[29, [[1, [[3, 1002]]], [3, 'ipfs://a'], [3, 'ipfs://b'], [3, 'ipfs://c']]]]))).toMatchObject({ type: 'TOKENMINT', amount: 0n, serials: 3 });
    // serials 1, 300, 2 packed: 01 ac02 02
    expect(decodeScheduledTransaction(base64([[30, [[1, [[3, 1002]]], [3, Buffer.from('01ac0202', 'hex')]]]]))).toMatchObject({ type: 'TOKENBURN', token: '0.0.1002', serials: 3 });
  });

  it('maps the schedulable numbering to the mirror type names, UNKNOWN beyond it', () => {
    const typeOf = (field: number) => decodeScheduledTransaction(base64([[field, []]]))?.type;
    expect([typeOf(3), typeOf(7), typeOf(14), typeOf(34), typeOf(37), typeOf(40), typeOf(45), typeOf(46), typeOf(47), typeOf(48), typeOf(99)])
      .toEqual(['CONTRACTCALL', 'CRYPTOCREATEACCOUNT', 'FILEUPDATE', 'SCHEDULEDELETE', 'CRYPTOAPPROVEALLOWANCE', 'UTILPRNG', 'TOKENREJECT',
        'TOKENCANCELAIRDROP', 'TOKENCLAIMAIRDROP', 'TOKENAIRDROP', 'UNKNOWN']);
  });

  it('answers null for bytes that are not one SchedulableTransactionBody', () => {
    // AQECAgMD: the transaction_body the reference's schedule cases carry (test bytes, not a body).
    for (const text of ['AQECAgMD', '', 'not base64!', null, undefined]) expect(decodeScheduledTransaction(text), String(text)).toBeNull();
    expect(decodeScheduledTransaction(base64([[1, 5], [2, 'memo only']]))).toBeNull();
    expect(decodeScheduledTransaction(base64([[9, []], [21, []]]))).toBeNull(); // two operations
    expect(decodeScheduledTransaction(base64([[9, 5]]))).toBeNull(); // operation not a message
    expect(decodeScheduledTransaction(base64([[9, [[1, [[1, [[1, account(1)], [2, 'x']]]]]]]]))).toBeNull(); // amount not a varint
    expect(decodeScheduledTransaction(base64([[9, [[1, [[1, [[2, zigzag(5n)]]]]]]]]))).toBeNull(); // a transfer without its account
    // a message without its topic reads, the topic unknown
    expect(decodeScheduledTransaction(base64([[21, [[2, 'hi']]]]))).toMatchObject({ type: 'CONSENSUSSUBMITMESSAGE', topic: null, messageBytes: 2 });
  });
});
