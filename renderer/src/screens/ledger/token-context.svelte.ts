/**
 * One token directory per screen, shared through Svelte context, so every token amount and name
 * on a screen is looked up in the same batch and kept for the screen's life (a profile switch
 * mounts the screen afresh, and with it a new directory).
 */
import { createContext } from 'svelte';
import type { MirrordeskApi } from '../../../../main/common/api-contract.ts';
import { mirrorGetter } from '../../lib/mirror-source.ts';
import { TokenDirectory, type TokenSummary } from '../../lib/token-directory.ts';

const [getDirectory, setDirectory, hasDirectory] = createContext<TokenDirectory>();

/** The directory of the enclosing screen, or a new one for this component's subtree. Call while the component initialises. */
export function useTokenDirectory(api: Pick<MirrordeskApi, 'mirror'>): TokenDirectory {
  return hasDirectory() ? getDirectory() : setDirectory(new TokenDirectory(mirrorGetter(api)));
}

/**
 * What the screen's directory knows of the token `id()` names, asking for it once the component
 * is mounted; `value` stays undefined outside a screen with a directory, or while the token is not known.
 */
export function knownToken(id: () => string): { readonly value: TokenSummary | undefined } {
  const tokens = hasDirectory() ? getDirectory() : null;
  let known = $state.raw<ReadonlyMap<string, TokenSummary>>(new Map());
  $effect(() => tokens?.subscribe((value) => { known = value; }));
  $effect(() => tokens?.want([id()]));
  return { get value() { return known.get(id()); } };
}
