import { describe, expect, it } from 'vitest';
import type { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { distinctMetadataContracts } from '../../main/verify/distinct-metadata-contracts.ts';

type Copy = Pick<SolidityMetadataContract, 'metadata' | 'foundSources'> & { label: string };
/** A contract read from one copy of a metadata (only what telling copies apart looks at). */
const copy = (name: string, found: string[], label: string): Copy => ({
  metadata: { settings: { compilationTarget: { 'A.sol': name } } } as unknown as SolidityMetadataContract['metadata'],
  foundSources: Object.fromEntries(found.map((p) => [p, ''])),
  label,
});

describe('distinctMetadataContracts', () => {
  it('keeps, of copies of one metadata, the one with the most sources found, in the place of the first copy', () => {
    const kept = distinctMetadataContracts([copy('A', ['A.sol'], 'first A'), copy('B', [], 'B'), copy('A', ['A.sol', 'Lib.sol'], 'fuller A')]);
    expect(kept.map((c) => c.label)).toEqual(['fuller A', 'B']);
  });

  it('keeps the first copy on a tie', () => {
    expect(distinctMetadataContracts([copy('A', ['A.sol'], 'first'), copy('A', ['Other.sol'], 'second')]).map((c) => c.label)).toEqual(['first']);
  });
});
