import { keccak_256 } from '@noble/hashes/sha3.js';
import { SolidityMetadataContract, type PathContent } from '@ethereum-sourcify/lib-sourcify';
import { isLongVersion } from '../compilers/solc-version.ts';

/**
 * The largest source whose variants (other line endings, trailing whitespace) are tried when it
 * does not hash to what the metadata names. lib-sourcify makes ten variants of every provided
 * source and hashes each, synchronously, in its constructor: for a 10 MB file that held the
 * whole server (the mirror too) for ~20 s. Real sources are far smaller; a larger one is
 * compared as sent, and the missing-sources answer says so (exactOnlySources).
 */
export const VARIANTS_MAX_BYTES = 1024 * 1024;

/**
 * lib-sourcify's SolidityMetadataContract, safe with any `compiler.version` and quick with any
 * source. Its inliner-bug check reads the version with semver, which throws a bare "Invalid
 * Version: " for one it cannot make a version of ("latest", "abc"), out of the constructor itself
 * once the sources are all there. Such a version is never compiled (requireCompiler refuses all
 * but long versions, with a message naming it), so there is no compiler bug to work around: the
 * check is left out, and the version reaches requireCompiler as "0.8" does. Sources over
 * VARIANTS_MAX_BYTES get no variants, and each source is hashed with @noble/hashes, three times
 * as fast as the ethers `id` lib-sourcify uses (the same keccak256 of the same UTF-8 bytes).
 */
export class MetadataContract extends SolidityMetadataContract {
  override handleInlinerBug(): void {
    if (isLongVersion(this.metadata.compiler.version)) super.handleInlinerBug();
  }

  override storeByHash(files: PathContent[]): Map<string, PathContent> {
    return new Map(files.map((file) => [keccak256Of(file.content), file]));
  }

  // Called from the constructor (assembleContract), only when a source is still missing: no field
  // of this class can be read here, as none is set before super() returns.
  override generateSourceVariations(): void {
    const all = this.providedSources;
    this.providedSources = all.filter((file) => !isExactOnly(file));
    try {
      super.generateSourceVariations();
    } finally {
      this.providedSources = all;
    }
  }
}

/** The provided sources no metadata source was found in that are too large to have their variants tried. */
export function exactOnlySources(contract: Pick<SolidityMetadataContract, 'providedSources' | 'unusedSourceFiles'>): string[] {
  const unused = new Set(contract.unusedSourceFiles);
  return contract.providedSources.filter((file) => unused.has(file.path) && isExactOnly(file)).map((file) => file.path);
}

function isExactOnly(file: PathContent): boolean {
  return Buffer.byteLength(file.content, 'utf8') > VARIANTS_MAX_BYTES;
}

function keccak256Of(content: string): string {
  return `0x${Buffer.from(keccak_256(Buffer.from(content, 'utf8'))).toString('hex')}`;
}
