import { CompilerUnavailableError } from '../compilers/compiler-errors.ts';
import type { CompilerStore } from '../compilers/compiler-store.ts';
import { isLongVersion, parseLongVersion } from '../compilers/solc-version.ts';
import { toVerifyError, VerifyError } from './verify-error.ts';

/**
 * The long version of a compiler that is installed, checked before any compile starts (so a
 * missing version can never yield a wrong result): `bad_request` for a version that is not a
 * long version (Sourcify's `invalid_compiler_version`), `compiler_unavailable` ("compiler not
 * available: <version>") for one not installed.
 */
export async function requireCompiler(compilers: Pick<CompilerStore, 'installed'>, version: string): Promise<string> {
  if (!isLongVersion(version)) {
    throw new VerifyError('bad_request', `invalid compiler version "${version}": expected a long version such as 0.8.4+commit.c7e474f2`, 'invalid_compiler_version');
  }
  const longVersion = parseLongVersion(version);
  if (!(await compilers.installed(longVersion))) throw toVerifyError(new CompilerUnavailableError(longVersion));
  return longVersion;
}
