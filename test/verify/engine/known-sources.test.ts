import { keccak_256 } from '@noble/hashes/sha3.js';
import { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { describe, expect, it } from 'vitest';
import { missingSourcesError, withKnownSources, type KnownSources } from '../../../main/verify/engine/known-sources.ts';

// Filling the sources a request left out from those verified here, and naming what is still
// missing, without compiling: lib-sourcify assembles the contract from metadata and files alone.

const keccak = (text: string) => `0x${Buffer.from(keccak_256(Buffer.from(text, 'utf8'))).toString('hex')}`;
const TOKEN = 'pragma solidity ^0.8.0;\nimport "@oz/token/IERC20.sol";\ncontract Token {}\n';
const OZ_IERC20 = 'pragma solidity ^0.8.0;\ninterface IERC20 { function totalSupply() external view returns (uint256); }\n';
const PROJECT_IERC20 = 'pragma solidity ^0.8.0;\ninterface IERC20 { function decimals() external view returns (uint8); }\n';

const metadata = {
  language: 'Solidity',
  compiler: { version: '0.8.24+commit.e11b9ed9' },
  settings: { compilationTarget: { 'contracts/Token.sol': 'Token' }, evmVersion: 'paris', libraries: {}, metadata: { bytecodeHash: 'ipfs' }, optimizer: { enabled: false, runs: 200 }, remappings: [] },
  sources: {
    'contracts/Token.sol': { keccak256: keccak(TOKEN), urls: [] },
    '@oz/token/IERC20.sol': { keccak256: keccak(OZ_IERC20), urls: [] },
  },
  output: { abi: [], devdoc: {}, userdoc: {} },
  version: 1,
};

const contractOf = (files: Record<string, string>) =>
  new SolidityMetadataContract(metadata as never, Object.entries(files).map(([path, content]) => ({ path, content })));
const knowing = (...contents: string[]): KnownSources => ({
  sourceByKeccak256: (hash) => contents.find((content) => keccak(content) === hash) ?? null,
});

describe('sources filled from those verified here', () => {
  it('fills a missing source found by hash although a project file of the same name was sent', () => {
    const given = contractOf({ 'contracts/Token.sol': TOKEN, 'contracts/interfaces/IERC20.sol': PROJECT_IERC20 });
    const filled = withKnownSources(given, knowing(OZ_IERC20));
    expect(filled.missingSources).toEqual({});
    expect(filled.foundSources['@oz/token/IERC20.sol']).toBe(OZ_IERC20);
    expect(missingSourcesError(filled)).toBeNull();
  });

  it('a file of the same name at another path is not called the one that differs', () => {
    const given = contractOf({ 'contracts/Token.sol': TOKEN, 'contracts/interfaces/IERC20.sol': PROJECT_IERC20 });
    const error = missingSourcesError(withKnownSources(given, knowing()));
    expect(error?.message).toMatch(/^missing sources for Token: @oz\/token\/IERC20\.sol\. This verifier works offline, so it cannot fetch @oz\/token\/IERC20\.sol from IPFS/);
    expect(error?.message).not.toMatch(/content sent/);
    expect(error?.code).toBe('missing_source');
  });

  it('a file sent under the metadata\'s very path with other content is the one that differs', () => {
    const given = contractOf({ 'contracts/Token.sol': TOKEN, '@oz/token/IERC20.sol': PROJECT_IERC20 });
    const error = missingSourcesError(withKnownSources(given, knowing()));
    expect(error?.message).toMatch(/^missing sources for Token: @oz\/token\/IERC20\.sol\. The content sent for @oz\/token\/IERC20\.sol is not the file the metadata names/);
    expect(error?.message).not.toMatch(/IPFS/);
  });

  it('as lib-sourcify fetches it whatever was sent, the very file fills the gap left by an edited copy', () => {
    const given = contractOf({ 'contracts/Token.sol': TOKEN, '@oz/token/IERC20.sol': PROJECT_IERC20 });
    const filled = withKnownSources(given, knowing(OZ_IERC20));
    expect(filled.foundSources['@oz/token/IERC20.sol']).toBe(OZ_IERC20);
    expect(missingSourcesError(filled)).toBeNull();
  });
});
