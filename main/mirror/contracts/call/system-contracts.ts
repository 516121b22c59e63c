import type { CustomPrecompile } from '@ethereumjs/evm';
import { createAddressFromString } from '@ethereumjs/util';

/**
 * Hedera's system contracts live at fixed addresses and are implemented by the consensus
 * node, not by EVM code. A local mirror has neither their logic nor all the state they read
 * (token relationships, keys, exchange rates), so a call that reaches one stops with this
 * error instead of returning a made-up answer.
 */
export class SystemContractUnavailable extends Error {
  readonly address: string;
  readonly contractName: string;

  constructor(address: string, contractName: string) {
    super(`${contractName} (system contract ${address}) cannot be executed by the local mirror`);
    this.address = address;
    this.contractName = contractName;
  }
}

export const SYSTEM_CONTRACTS: ReadonlyArray<{ address: string; name: string }> = [
  { address: '0x0000000000000000000000000000000000000167', name: 'Hedera Token Service' },
  { address: '0x0000000000000000000000000000000000000168', name: 'Exchange Rate' },
  { address: '0x0000000000000000000000000000000000000169', name: 'Pseudo Random Number Generator' },
  { address: '0x000000000000000000000000000000000000016a', name: 'Hedera Account Service' },
  { address: '0x000000000000000000000000000000000000016b', name: 'Hedera Schedule Service' },
];

/** Precompiles at the system contract addresses that abort the call with SystemContractUnavailable. */
export function systemContractStubs(): CustomPrecompile[] {
  return SYSTEM_CONTRACTS.map(({ address, name }) => ({
    address: createAddressFromString(address),
    function: () => {
      throw new SystemContractUnavailable(address, name);
    },
  }));
}
