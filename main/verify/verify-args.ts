import { httpBaseUrl } from '../common/profile-rules.ts';
import { DEFAULT_SOLC_BIN_MIRROR } from './compilers/mirror-source.ts';

/** Verification options of `serve` (and the desktop shell): all optional. */
export interface VerifyArgs {
  /** Compilers folder (solc-bin layout); default `<data dir>/compilers`. */
  compilersDir?: string;
  /** solc-bin mirror for compiler downloads; null: downloads off. Default: binaries.soliditylang.org. */
  solcBinMirror?: string | null;
  /** EVM JSON-RPC endpoint per chain id (`--chain-rpc 11155111=https://…`). */
  rpcUrls?: Record<string, string>;
  /** Etherscan-compatible API base URL per chain id (`--explorer 1=https://api.etherscan.io/api`). */
  explorers?: Record<string, string>;
}

/** The flags `applyVerifyFlag` takes. */
export const VERIFY_FLAGS = ['--compilers', '--solc-bin-mirror', '--chain-rpc', '--explorer'] as const;

export const VERIFY_FLAGS_USAGE = '[--compilers DIR] [--solc-bin-mirror URL|off] [--chain-rpc CHAIN=URL]... [--explorer CHAIN=URL]...';

/**
 * Applies one verification flag to `args` (creating it); returns false when the flag is not one
 * of them. Throws one-line messages for bad values.
 */
export function applyVerifyFlag(args: { verify?: VerifyArgs }, flag: string, value: () => string, resolvePath: (p: string) => string): boolean {
  switch (flag) {
    case '--compilers': (args.verify ??= {}).compilersDir = resolvePath(value()); return true;
    case '--solc-bin-mirror': {
      const text = value();
      (args.verify ??= {}).solcBinMirror = text === 'off' ? null : downloadUrl(flag, text, DEFAULT_SOLC_BIN_MIRROR);
      return true;
    }
    case '--chain-rpc': {
      const [chain, url] = chainAndUrl(flag, value());
      ((args.verify ??= {}).rpcUrls ??= {})[chain] = url;
      return true;
    }
    case '--explorer': {
      const [chain, url] = chainAndUrl(flag, value());
      ((args.verify ??= {}).explorers ??= {})[chain] = url;
      return true;
    }
    default: return false;
  }
}

function chainAndUrl(flag: string, text: string): [string, string] {
  const match = /^(\d{1,18})=(.+)$/.exec(text);
  if (!match) throw new Error(`${flag} must be CHAIN_ID=URL, not "${chainPart(text)}"`);
  return [match[1]!, httpUrl(flag, match[2]!)];
}

/**
 * What a refusal of CHAIN_ID=URL shows of the value: the chain id as typed and the character after
 * it (`296:…`, `sepolia=…`), never the URL. An RPC URL carries its key in places no rule finds in
 * a text that is not a URL (`296:https://mainnet.infura.io/v3/KEY`).
 */
function chainPart(text: string): string {
  const [head = ''] = /^[^=:/\\?#@\s]*[=:]?/.exec(text) ?? [];
  return head.length < text.length ? `${head}…` : head;
}

/**
 * A download mirror's or registry's address (`--solc-bin-mirror`, and `--mirror` and `--registry`
 * of `npm run compilers`): an http(s) base URL (httpBaseUrl), as `list.json` and file names are
 * put after it. No user name or password, which fetch refuses to send; no query or fragment, which
 * those would have been put after (`?token=s/list.json`), and downloads log it. The refusal does
 * not repeat the value, which may hold a key; `example` is the address it shows.
 */
export function downloadUrl(flag: string, text: string, example: string): string {
  const checked = httpBaseUrl(text, example);
  if (!checked.ok) throw new Error(`${flag} ${checked.problem}`);
  return checked.url;
}

function httpUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${flag} must be an http(s) URL`);
  return url.toString();
}
