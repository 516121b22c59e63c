import { keccak_256 } from '@noble/hashes/sha3.js';
import type { PathContent, SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';

/**
 * A source of a contract's metadata that the upload holds under its path, with other content
 * (edited since it was compiled): Sourcify's `invalid` entry of a session contract
 * (`expectedHash`, `calculatedHash`, `msg`), keyed like it by the metadata's path, plus which
 * uploaded file it was and whether the copy already stored here stood in for it.
 */
export interface DifferingUpload {
  expectedHash: string;
  calculatedHash: string;
  msg: string;
  /** The uploaded file whose content is not the one the metadata names. */
  uploadedPath: string;
  /** True when verifying takes the source from those verified here (known-sources.ts), not from the upload. */
  storedCopyUsed: boolean;
}

type ContractSources = Pick<SolidityMetadataContract, 'missingSources'>;

/**
 * The uploaded files that stand where a contract's metadata names a source but hash to something
 * else. Without this the session would answer such a file as merely unused, and a contract
 * whose source was filled from the store would say "perfect" for a file the user never sent
 * (lib-sourcify finds sources by hash, so an edited copy is silently passed over). Only files no
 * contract of the session uses (`unused`) are looked at: a file another contract uses is that
 * contract's, not an edited copy of this one's. A file is the source's copy when its path is the
 * metadata's, or one path ends with the other (a browser sends `Counter.sol` for
 * `contracts/Counter.sol`, a folder `project/src/A.sol` for `src/A.sol`, Truffle names it
 * `project:/src/A.sol`); a file of the same name elsewhere (contracts/IERC20.sol for
 * @oz/token/IERC20.sol) is another file. `filled`: the metadata paths verifying takes from the
 * stored sources.
 */
export function differingUploads(contract: ContractSources, sourceFiles: readonly PathContent[], filled: readonly string[], unused: ReadonlySet<string>): Record<string, DifferingUpload> {
  const candidates = sourceFiles.filter((file) => unused.has(file.path));
  const differing: Record<string, DifferingUpload> = {};
  for (const [path, { keccak256 }] of Object.entries(contract.missingSources)) {
    const place = projectPath(path);
    const upload = candidates.find((file) => file.path === place) ?? candidates.find((file) => samePlace(file.path, place));
    if (!upload) continue;
    const storedCopyUsed = filled.includes(path);
    const mismatch = `${upload.path} is not the file the metadata names as ${path} (its keccak256 differs)`;
    differing[path] = {
      expectedHash: keccak256,
      calculatedHash: keccak256Of(upload.content),
      msg: storedCopyUsed
        ? `${mismatch}; the copy of ${path} already stored here (sources verified before) is used instead, not the uploaded file`
        : `${mismatch}: send the file as it was compiled`,
      uploadedPath: upload.path,
      storedCopyUsed,
    };
  }
  return differing;
}

/** A metadata's source path as a project's folder holds it: without Truffle's `project:/` or a leading `/`. */
function projectPath(path: string): string {
  return path.replace(/^project:\//, '').replace(/^\/+/, '');
}

/** One path ends with the other, at a directory boundary. */
function samePlace(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return longer.endsWith(`/${shorter}`);
}

function keccak256Of(content: string): string {
  return `0x${Buffer.from(keccak_256(Buffer.from(content, 'utf8'))).toString('hex')}`;
}
