import { keccak_256 } from '@noble/hashes/sha3.js';
import { SolidityMetadataContract, type PathContent } from '@ethereum-sourcify/lib-sourcify';
// Not re-exported by the package index: the very variants lib-sourcify itself tries, so matching stays its own.
import variationsUtils from '@ethereum-sourcify/lib-sourcify/build/main/Validation/variationsUtils.js';
import { isLongVersion } from '../compilers/solc-version.ts';

/**
 * The largest source whose variants (other line endings, trailing whitespace) are tried when it
 * does not hash to what the metadata names. Each variant is hashed synchronously, in the
 * constructor: ten variants of a 10 MB file held the whole server (the mirror too) for ~20 s.
 * Real sources are far smaller; a larger one is compared as sent, and the missing-sources
 * answer says so (exactOnlySources).
 */
export const VARIANTS_MAX_BYTES = 1024 * 1024;

/**
 * The most source bytes, all files together, whose variants one contract tries. lib-sourcify
 * varies every provided file, so eight 1 MiB files with one source missing held the server 11.7 s;
 * past this budget a file is compared as sent, like one over VARIANTS_MAX_BYTES.
 */
export const VARIANTS_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * Source files whose keccak256 was computed already (by splitFilesOf, in a helper thread):
 * every contract of an upload is handed the same file objects, so each is hashed once, not once
 * per contract, and not on the server's loop.
 */
const hashedBefore = new WeakMap<PathContent, string>();

/** Remembers each file's keccak256 (`hashes[i]` of `files[i]`) for the contracts made from these very objects. */
export function rememberHashes(files: readonly PathContent[], hashes: readonly string[]): void {
  files.forEach((file, i) => hashedBefore.set(file, hashes[i]!));
}

/** The keccak256 a helper thread computed for this very file object, if one did. */
export function hashComputedBefore(file: PathContent): string | undefined {
  return hashedBefore.get(file);
}

/** Per contract, the unmatched files whose variants were not tried (too large, or past the budget). */
const notVaried = new WeakMap<object, string[]>();

/**
 * lib-sourcify's SolidityMetadataContract, safe with any `compiler.version` and quick with any
 * source. Its inliner-bug check reads the version with semver, which throws a bare "Invalid
 * Version: " for one it cannot make a version of ("latest", "abc"), out of the constructor itself
 * once the sources are all there. Such a version is never compiled (requireCompiler refuses all
 * but long versions, with a message naming it), so there is no compiler bug to work around: the
 * check is left out, and the version reaches requireCompiler as "0.8" does. Each source is hashed
 * with @noble/hashes, three times as fast as the ethers `id` lib-sourcify uses (the same
 * keccak256 of the same UTF-8 bytes), and variants are tried only of the files no source was
 * found in as sent, within VARIANTS_MAX_BYTES each and VARIANTS_BUDGET_BYTES in all.
 */
export class MetadataContract extends SolidityMetadataContract {
  override handleInlinerBug(): void {
    if (isLongVersion(this.metadata.compiler.version)) super.handleInlinerBug();
  }

  override storeByHash(files: PathContent[]): Map<string, PathContent> {
    return new Map(files.map((file) => [hashComputedBefore(file) ?? keccak256Of(file.content), file]));
  }

  // Called from the constructor (assembleContract), only when a source is still missing, after the
  // exact matches are recorded: no field of this class can be read here, as none is set before
  // super() returns. Files are varied in the order sent, as lib-sourcify does (a later file's
  // variant wins a shared hash).
  override generateSourceVariations(): void {
    const matched = new Set(Object.values(this.metadataPathToProvidedFilePath));
    const candidates = this.providedSources.filter((file) => !matched.has(file.path));
    const varied = withinBudget(candidates, new Set(Object.keys(this.missingSources)));
    notVaried.set(this, candidates.filter((file) => !varied.has(file)).map((file) => file.path));
    for (const file of candidates.filter((candidate) => varied.has(candidate))) {
      for (const variation of variationsUtils.generateVariations(file)) {
        this.providedSourcesByHash.set(keccak256Of(variation.content), variation);
      }
    }
  }
}

/**
 * The files whose variants fit: a file sent under the path of a missing source first (the usual
 * case, that file checked out with CRLF), then the others in the order sent.
 */
function withinBudget(candidates: PathContent[], missingPaths: Set<string>): Set<PathContent> {
  const byPriority = [...candidates.filter((file) => missingPaths.has(file.path)), ...candidates.filter((file) => !missingPaths.has(file.path))];
  const chosen = new Set<PathContent>();
  let left = VARIANTS_BUDGET_BYTES;
  for (const file of byPriority) {
    const bytes = Buffer.byteLength(file.content, 'utf8');
    if (bytes > VARIANTS_MAX_BYTES || bytes > left) continue;
    chosen.add(file);
    left -= bytes;
  }
  return chosen;
}

/** The provided sources no metadata source was found in whose variants were not tried (too large, or past the budget). */
export function exactOnlySources(contract: Pick<SolidityMetadataContract, 'unusedSourceFiles'>): string[] {
  const unused = new Set(contract.unusedSourceFiles);
  return (notVaried.get(contract) ?? []).filter((path) => unused.has(path));
}

/** The keccak256 of a source's UTF-8 bytes, as metadata names it (0x-prefixed hex). */
export function keccak256Of(content: string): string {
  return `0x${Buffer.from(keccak_256(Buffer.from(content, 'utf8'))).toString('hex')}`;
}
