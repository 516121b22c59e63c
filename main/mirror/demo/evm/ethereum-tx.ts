import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak } from './abi.ts';
import { rlpEncode, rlpInt } from './rlp.ts';

export interface Eip1559Fields {
  chainId: number;
  nonce: number;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gasLimit: number;
  /** Null for a contract creation. */
  to: Buffer | null;
  value: bigint;
  data: Buffer;
}

export interface SignedEthereumTx {
  /** The raw signed transaction (0x02 || rlp(...)), as the mirror stores it in `data`. */
  raw: Buffer;
  /** keccak256 of `raw`: the Ethereum transaction hash. */
  hash: Buffer;
  recoveryId: number;
  r: Buffer;
  s: Buffer;
}

/**
 * Signs a type-2 (EIP-1559) transaction with a secp256k1 key. RFC 6979 nonces make the
 * signature, and so the hash, the same on every run.
 */
export function signEip1559(fields: Eip1559Fields, privateKey: Uint8Array): SignedEthereumTx {
  const body = [rlpInt(fields.chainId), rlpInt(fields.nonce), rlpInt(fields.maxPriorityFeePerGas), rlpInt(fields.maxFeePerGas),
    rlpInt(fields.gasLimit), fields.to ?? Buffer.alloc(0), rlpInt(fields.value), fields.data, [] as Buffer[]];
  const digest = keccak(Buffer.concat([Buffer.from([2]), rlpEncode(body)]));
  const signature = secp256k1.Signature.fromBytes(secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' }), 'recovered');
  const r = Buffer.from(signature.r.toString(16).padStart(64, '0'), 'hex');
  const s = Buffer.from(signature.s.toString(16).padStart(64, '0'), 'hex');
  const recoveryId = signature.recovery!;
  const raw = Buffer.concat([Buffer.from([2]), rlpEncode([...body, rlpInt(recoveryId), rlpInt(BigInt(`0x${r.toString('hex')}`)), rlpInt(BigInt(`0x${s.toString('hex')}`))])]);
  return { raw, hash: keccak(raw), recoveryId, r, s };
}
