import { isLongVersion } from '../../../../main/verify/compilers/solc-version.ts';
import { CHAIN_PATTERN } from '../../lib/verify-view.ts';

/** A real long version as solc-bin names it, for examples in messages. */
const EXAMPLE_VERSION = '0.8.24+commit.e11b9ed9';

/** What the user typed, quoted in a message; a pasted page is not echoed back whole. */
function quoted(text: string): string {
  return `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
}

/**
 * Why the compilers panel cannot download what was typed, in plain words; null when it is a
 * version the download accepts: solc-bin's long version, a leading `v` allowed (as
 * `main/verify/compilers/solc-version.ts` reads it).
 */
export function compilerVersionProblem(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return `Enter a compiler version, like ${EXAMPLE_VERSION}.`;
  if (isLongVersion(typed)) return null;
  if (/^v?\d+\.\d+\.\d+$/.test(typed)) return `${quoted(typed)} is missing its commit: give the long version solc-bin lists, like ${EXAMPLE_VERSION}.`;
  return `${quoted(typed)} is not a compiler version: give one like ${EXAMPLE_VERSION} or v${EXAMPLE_VERSION}.`;
}

/** Why the chain id field cannot be used, in plain words; null when it is a chain id. `profileChain` is this network's, for the example. */
export function chainIdProblem(text: string, profileChain: string): string | null {
  const typed = text.trim();
  if (CHAIN_PATTERN.test(typed)) return null;
  const example = profileChain ? `, like ${profileChain} for this network` : ', like 298 for the demo network';
  if (typed === '') return `Enter the chain id the contracts are deployed on: a whole number${example}.`;
  if (/^\d+$/.test(typed)) return `${quoted(typed)} is too long for a chain id (18 digits at most).`;
  return `${quoted(typed)} is not a chain id: enter a whole number${example}.`;
}
