import { SourcifyChain } from '@ethereum-sourcify/lib-sourcify';
import type { DeployedCodeSource } from './deployed-code.ts';

/**
 * A lib-sourcify chain whose reads go to one of our code sources instead of ethers providers.
 * lib-sourcify only calls getBytecode, getTx and getContractCreationBytecodeAndReceipt while
 * verifying, so those are replaced; it never sees an RPC URL of its own.
 */
export function sourcifyChainOver(chainId: number, name: string, source: DeployedCodeSource): SourcifyChain {
  const chain = new SourcifyChain({ name, chainId, rpcs: [], supported: false });
  const creation = async (txHash: string) => {
    const tx = await source.creationTx(txHash);
    if (!tx) throw new Error(`creation transaction ${txHash} not found on chain ${chainId}`);
    return tx;
  };
  Object.assign(chain, {
    getBytecode: (address: string) => source.runtimeCode(address),
    getTx: async (txHash: string) => {
      const tx = await creation(txHash);
      return { hash: txHash, from: tx.from, blockNumber: tx.blockNumber, data: tx.input };
    },
    getContractCreationBytecodeAndReceipt: async (address: string, txHash: string) => {
      const tx = await creation(txHash);
      const created = [tx.contractAddress, ...(tx.otherAddresses ?? [])].filter((a): a is string => a !== null).map((a) => a.toLowerCase());
      if (!created.includes(address.toLowerCase())) throw new Error(`transaction ${txHash} did not create ${address}`);
      return { creationBytecode: tx.input, txReceipt: { index: tx.txIndex ?? 0, contractAddress: tx.contractAddress } };
    },
  });
  return chain;
}
