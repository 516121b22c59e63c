import { createRequire } from 'node:module';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { PathContent } from '@ethereum-sourcify/lib-sourcify';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { missingSourcesError } from '../../../main/verify/engine/known-sources.ts';
import { exactOnlySources, MetadataContract, VARIANTS_BUDGET_BYTES, VARIANTS_MAX_BYTES } from '../../../main/verify/engine/metadata-contract.ts';

// Variants (other line endings, trailing whitespace) are hashed synchronously while a contract is
// assembled: lib-sourcify varied every file sent, so eight 1 MiB files and one missing source held
// the server ~12 s. What is counted is the source text handed to lib-sourcify's generateVariations
// (each call yields ten variants, each hashed), the seam both lib-sourcify and MetadataContract use.

const variationsUtils = createRequire(import.meta.url)('@ethereum-sourcify/lib-sourcify/build/main/Validation/variationsUtils.js');
let generateVariations: MockInstance<(file: PathContent) => unknown[]>;
beforeEach(() => {
  generateVariations = vi.spyOn(variationsUtils, 'generateVariations');
});
afterEach(() => generateVariations.mockRestore());

const variedBytes = () => generateVariations.mock.calls.reduce((sum, [file]) => sum + Buffer.byteLength(file.content, 'utf8'), 0);
const variedPaths = () => generateVariations.mock.calls.map(([file]) => file.path);

const MiB = 1024 * 1024;
const keccak = (text: string) => `0x${Buffer.from(keccak_256(Buffer.from(text, 'utf8'))).toString('hex')}`;
const TARGET = 'pragma solidity ^0.8.0;\ncontract Target {}\n';
/** A distinct source of exactly `bytes` UTF-8 bytes. */
const sourceOf = (name: string, bytes: number) => {
  const head = `// ${name}\n`;
  return `${head}${'x'.repeat(bytes - head.length - 1)}\n`;
};
const bigFiles = (prefix: string) => Array.from({ length: 8 }, (_, i) => ({ path: `${prefix}/Big${i}.sol`, content: sourceOf(`${prefix} ${i}`, MiB) }));

function metadataNaming(sources: Record<string, string>) {
  return {
    language: 'Solidity',
    compiler: { version: '0.8.24+commit.e11b9ed9' },
    settings: { compilationTarget: { 'contracts/Target.sol': 'Target' }, evmVersion: 'paris', libraries: {}, metadata: { bytecodeHash: 'ipfs' }, optimizer: { enabled: false, runs: 200 }, remappings: [] },
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { keccak256: keccak(content), urls: [] }])),
    output: { abi: [], devdoc: {}, userdoc: {} },
    version: 1,
  } as never;
}

describe('variants tried while a contract is assembled', () => {
  it('are not made of files already found as sent', () => {
    const big = bigFiles('lib');
    const metadata = metadataNaming({ 'contracts/Target.sol': TARGET, 'contracts/NotSent.sol': 'contract NotSent {}\n', ...Object.fromEntries(big.map((file) => [file.path, file.content])) });
    const contract = new MetadataContract(metadata, [{ path: 'contracts/Target.sol', content: TARGET }, ...big]);
    expect(Object.keys(contract.missingSources)).toEqual(['contracts/NotSent.sol']);
    expect(Object.keys(contract.foundSources)).toHaveLength(9);
    expect(variedBytes()).toBe(0);
  });

  it('stay within the budget however many unmatched files are sent, and the others are named', () => {
    const extra = bigFiles('extra');
    const metadata = metadataNaming({ 'contracts/Target.sol': TARGET, 'contracts/NotSent.sol': 'contract NotSent {}\n' });
    const contract = new MetadataContract(metadata, [{ path: 'contracts/Target.sol', content: TARGET }, ...extra]);
    expect(VARIANTS_BUDGET_BYTES).toBeLessThan(8 * MiB);
    expect(variedBytes()).toBeGreaterThan(0);
    expect(variedBytes()).toBeLessThanOrEqual(VARIANTS_BUDGET_BYTES);
    const notVaried = extra.map((file) => file.path).filter((path) => !variedPaths().includes(path));
    expect(notVaried).toHaveLength(8 - VARIANTS_BUDGET_BYTES / MiB);
    expect(exactOnlySources(contract)).toEqual(notVaried);
    expect(missingSourcesError(contract)?.message).toContain(`${notVaried.join(', ')} were compared with the metadata's keccak256 hashes as sent only`);
  });

  it('still find a CRLF copy sent under its own path after many large unmatched files', () => {
    const metadata = metadataNaming({ 'contracts/Target.sol': TARGET });
    const contract = new MetadataContract(metadata, [...bigFiles('extra'), { path: 'contracts/Target.sol', content: TARGET.replace(/\n/g, '\r\n') }]);
    expect(contract.missingSources).toEqual({});
    expect(contract.foundSources['contracts/Target.sol']).toBe(TARGET);
    expect(variedBytes()).toBeLessThanOrEqual(VARIANTS_BUDGET_BYTES);
  });

  it('skip a single file over the per-file limit', () => {
    const huge = { path: 'contracts/Target.sol', content: sourceOf('huge', VARIANTS_MAX_BYTES + 1) };
    const contract = new MetadataContract(metadataNaming({ 'contracts/Target.sol': TARGET }), [huge]);
    expect(variedBytes()).toBe(0);
    expect(exactOnlySources(contract)).toEqual(['contracts/Target.sol']);
  });
});
