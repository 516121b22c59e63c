import { describe, expect, it } from 'vitest';
import type { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { distinctMetadataContracts } from '../../main/verify/distinct-metadata-contracts.ts';

type Copy = Pick<SolidityMetadataContract, 'metadata'> & { label: string };
/** A contract read from one copy of a metadata (only what telling copies apart looks at). */
const copy = (name: string, label: string): Copy => ({
  metadata: { settings: { compilationTarget: { 'A.sol': name } } } as unknown as SolidityMetadataContract['metadata'],
  label,
});

describe('distinctMetadataContracts', () => {
  it('keeps the first copy of one metadata, in its place among the others', () => {
    const kept = distinctMetadataContracts([copy('A', 'first A'), copy('B', 'B'), copy('A', 'second A')]);
    expect(kept.map((c) => c.label)).toEqual(['first A', 'B']);
  });
});
