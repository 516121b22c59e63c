import { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { isLongVersion } from '../compilers/solc-version.ts';

/**
 * lib-sourcify's SolidityMetadataContract, safe with any `compiler.version`. Its inliner-bug
 * check reads the version with semver, which throws a bare "Invalid Version: " for one it cannot
 * make a version of ("latest", "abc"), out of the constructor itself once the sources are all
 * there. Such a version is never compiled (requireCompiler refuses all but long versions, with a
 * message naming it), so there is no compiler bug to work around: the check is left out, and the
 * version reaches requireCompiler as "0.8" does.
 */
export class MetadataContract extends SolidityMetadataContract {
  override handleInlinerBug(): void {
    if (isLongVersion(this.metadata.compiler.version)) super.handleInlinerBug();
  }
}
