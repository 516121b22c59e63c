import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metadataIpfsHashOf } from '../../../main/verify/engine/deployed-metadata-hash.ts';
import { ipfsHashOf } from '../../../main/verify/engine/ipfs-hash.ts';
import { STORAGE_DIR } from '../verify-fixture.ts';

const require = createRequire(import.meta.url);

/** Compiles a contract with the bundled solc, its source padded to `paddingKiB` and kept in the metadata (useLiteralContent). */
function compiled(paddingKiB: number): { metadata: string; runtimeCode: string } {
  const solc = require('solc') as { compile(input: string): string };
  const padding = `// ${'x'.repeat(1021)}\n`.repeat(paddingKiB);
  const input = {
    language: 'Solidity',
    sources: { 'Big.sol': { content: `${padding}pragma solidity ^0.8.0;\ncontract Big { uint public x = 1; }\n` } },
    settings: { metadata: { useLiteralContent: true }, outputSelection: { '*': { '*': ['metadata', 'evm.deployedBytecode.object'] } } },
  };
  const contract = JSON.parse(solc.compile(JSON.stringify(input))).contracts['Big.sol'].Big;
  return { metadata: contract.metadata, runtimeCode: `0x${contract.evm.deployedBytecode.object}` };
}

describe('the IPFS metadata hash a deployed contract names', () => {
  it('is the IPFS hash of the fixture\'s metadata.json, read from its runtime code', () => {
    const runtime = fs.readFileSync(path.join(STORAGE_DIR, 'expected/runtime-bytecode.hex'), 'utf8').trim();
    expect(metadataIpfsHashOf(runtime)).toBe('QmNgYBpa6rUqCnfeYXC9eqURstnsTwPFrAPEM6GtvpFxVW');
    expect(ipfsHashOf(fs.readFileSync(path.join(STORAGE_DIR, 'metadata.json')))).toBe('QmNgYBpa6rUqCnfeYXC9eqURstnsTwPFrAPEM6GtvpFxVW');
  });

  it('matches solc\'s for metadata of one 256 KiB chunk and of several', { timeout: 60_000 }, () => {
    for (const paddingKiB of [1, 600]) {
      const { metadata, runtimeCode } = compiled(paddingKiB);
      expect(ipfsHashOf(Buffer.from(metadata, 'utf8')), `${paddingKiB} KiB`).toBe(metadataIpfsHashOf(runtimeCode));
    }
  });

  it('is none for code without a CBOR auxdata naming an IPFS hash', () => {
    expect(metadataIpfsHashOf('0x')).toBeNull();
    expect(metadataIpfsHashOf('0x6080604052348015600f57600080fd5b50')).toBeNull();
    // A Swarm (bzzr1) hash, as solc wrote before 0.6: no IPFS hash to look for.
    expect(metadataIpfsHashOf(`0x6080${'a265627a7a72315820'}${'11'.repeat(32)}64736f6c634300050c0032`)).toBeNull();
  });
});
