import type { SolidityCompilation, Verification } from '@ethereum-sourcify/lib-sourcify';
import type { VerifyDifference } from '../../common/verify-types.ts';

type Transformations = Verification['transformations']['runtime'];
type AuxdataPositions = SolidityCompilation['runtimeBytecodeCborAuxdata'];

const KIND_WORDS: Record<string, string> = {
  immutable: 'an immutable variable set at deployment',
  library: 'a linked library address',
  constructorArguments: 'the constructor arguments appended to the creation code',
  callProtection: "a library's call protection (its own address)",
};

/**
 * What lib-sourcify had to change in the recompiled bytecode to match the deployed one, in plain
 * words. A partial match has a `cborAuxdata` difference: the metadata hash differs, so the sources
 * or settings differ in something that does not change the code (comments, file names, settings
 * recorded only in the metadata). The other kinds are normal for any deployment and listed for reference.
 */
export function matchDifferences(verification: Verification, compilation: SolidityCompilation): VerifyDifference[] {
  const { runtime, creation } = verification.transformations;
  const out: VerifyDifference[] = [];
  const positions = (which: 'runtime' | 'creation'): AuxdataPositions | undefined => {
    try {
      return which === 'runtime' ? compilation.runtimeBytecodeCborAuxdata : compilation.creationBytecodeCborAuxdata;
    } catch {
      return undefined; // positions are only known once the compilation has produced them
    }
  };
  for (const [bytecode, found] of [['runtime', runtime], ['creation', creation]] as const) {
    for (const t of found.list) out.push(describe(bytecode, t, found.values, positions(bytecode)));
  }
  return out;
}

function describe(bytecode: 'runtime' | 'creation', t: Transformations['list'][number], values: Transformations['values'], auxdata: AuxdataPositions | undefined): VerifyDifference {
  const base = { bytecode, kind: t.reason, offset: t.offset };
  if (t.reason === 'cborAuxdata') {
    const deployed = t.id ? values.cborAuxdata?.[t.id] : undefined;
    const compiled = t.id ? auxdata?.[t.id]?.value : undefined;
    const hashes = [compiled, deployed].map(metadataHashOf);
    const detail = hashes[0] && hashes[1] && hashes[0] !== hashes[1] ? `: compiled ${hashes[0]}, deployed ${hashes[1]}` : '';
    return {
      ...base,
      description: `metadata hash differs${detail}`,
      ...(compiled ? { compiled: strip0x(compiled) } : {}),
      ...(deployed ? { deployed: strip0x(deployed) } : {}),
    };
  }
  const value = t.reason === 'constructorArguments' ? values.constructorArguments
    : t.reason === 'callProtection' ? values.callProtection
    : t.reason === 'library' && t.id ? values.libraries?.[t.id]
    : t.reason === 'immutable' && t.id ? values.immutables?.[t.id]
    : undefined;
  return { ...base, description: `${KIND_WORDS[t.reason] ?? t.reason} is filled in by the deployed code`, ...(value ? { deployed: strip0x(value) } : {}) };
}

/**
 * The metadata hash a Solidity CBOR auxdata section names (`ipfs` followed by a 34-byte
 * multihash, or `bzzr0`/`bzzr1` followed by 32 bytes), as hex; null when it names none.
 */
function metadataHashOf(auxdataHex: string | undefined): string | null {
  if (!auxdataHex) return null;
  const hex = strip0x(auxdataHex).toLowerCase();
  const ipfs = /6469706673(?:5822)([0-9a-f]{68})/.exec(hex);
  if (ipfs) return `ipfs 1220${ipfs[1]!.slice(4, 20)}…`;
  const swarm = /65627a7a72(?:30|31)(?:5820)([0-9a-f]{64})/.exec(hex);
  return swarm ? `bzzr ${swarm[1]!.slice(0, 16)}…` : null;
}

function strip0x(hex: string): string {
  return hex.startsWith('0x') ? hex.slice(2) : hex;
}
