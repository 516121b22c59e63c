import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { encodeAbi, encodeCall, eventTopic, keccak, mappingSlot, shortStringSlot } from '../../../main/mirror/demo/evm/abi.ts';
import { signEip1559 } from '../../../main/mirror/demo/evm/ethereum-tx.ts';
import { rlpEncode, rlpInt } from '../../../main/mirror/demo/evm/rlp.ts';

const hex = (b: Buffer) => b.toString('hex');

describe('the demo EVM encodings', () => {
  it('ABI-encodes calls, dynamic strings and event topics as Solidity does', () => {
    expect(hex(encodeCall('transfer(address,uint256)', [{ type: 'address', value: Buffer.alloc(20, 0x11) }, { type: 'uint', value: 5 }])))
      .toBe(`a9059cbb${'00'.repeat(12)}${'11'.repeat(20)}${'0'.repeat(63)}5`);
    expect(hex(eventTopic('Transfer(address,address,uint256)'))).toBe('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    // ("Hi", 7): head offset 0x40, then 7, then the string's length and padded bytes.
    expect(hex(encodeAbi([{ type: 'string', value: 'Hi' }, { type: 'uint', value: 7 }])))
      .toBe(`${'0'.repeat(62)}40${'0'.repeat(63)}7${'0'.repeat(63)}2${'4869'.padEnd(64, '0')}`);
    expect(hex(shortStringSlot('DMO'))).toBe(`444d4f${'0'.repeat(56)}06`);
    expect(hex(mappingSlot(Buffer.alloc(20, 0), 3))).toBe(hex(keccak(Buffer.concat([Buffer.alloc(32), Buffer.from(`${'0'.repeat(63)}3`, 'hex')]))));
  });

  it('derives CREATE addresses from RLP(sender, nonce) like Ethereum', () => {
    const sender = Buffer.from('6ac7ea33f8831ea9dcc53393aaa88b25a785dbf0', 'hex');
    expect(hex(keccak(rlpEncode([sender, rlpInt(0)])).subarray(12))).toBe('cd234a471b72ba2f1ccf0a70fcaba648a5eecd8d');
    expect(hex(keccak(rlpEncode([sender, rlpInt(1)])).subarray(12))).toBe('343c43a37d37dff08ae8c4a11544c718abb4fcf8');
  });

  it('signs EIP-1559 transactions whose signature recovers the sender', () => {
    const privateKey = Buffer.alloc(32, 7);
    const fields = { chainId: 298, nonce: 3, maxPriorityFeePerGas: 0n, maxFeePerGas: 10n ** 13n, gasLimit: 100_000, to: Buffer.alloc(20, 1), value: 0n, data: Buffer.from('d09de08a', 'hex') };
    const signed = signEip1559(fields, privateKey);
    expect(signed.raw[0]).toBe(2);
    expect(hex(signed.hash)).toBe(hex(keccak(signed.raw)));
    expect(signEip1559(fields, privateKey).raw).toEqual(signed.raw);
    const body = [rlpInt(298), rlpInt(3), rlpInt(0), rlpInt(10n ** 13n), rlpInt(100_000), fields.to, rlpInt(0), fields.data, []];
    const digest = keccak(Buffer.concat([Buffer.from([2]), rlpEncode(body)]));
    const signature = new secp256k1.Signature(BigInt(`0x${hex(signed.r)}`), BigInt(`0x${hex(signed.s)}`)).addRecoveryBit(signed.recoveryId);
    expect(Buffer.from(signature.recoverPublicKey(digest).toBytes(true))).toEqual(Buffer.from(secp256k1.getPublicKey(privateKey, true)));
  });
});
