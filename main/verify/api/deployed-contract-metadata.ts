import { metadataIpfsHashOf } from '../engine/deployed-metadata-hash.ts';
import { checksumAddress } from '../engine/evm-address.ts';
import { fileNameProblem } from '../engine/file-name-rules.ts';
import { ipfsHashOf } from '../engine/ipfs-hash.ts';
import { unpackZips, type UploadedFile } from '../engine/unpack-zips.ts';
import { toVerifyError, VerifyError } from '../engine/verify-error.ts';
import type { SessionUpload } from '../sessions/session-service.ts';
import type { VerifyService } from '../verify-service.ts';

/**
 * Sourcify's "import a contract from its address" (`/session/input-contract`), offline: the
 * deployed runtime code names its metadata by IPFS hash, and Sourcify fetches that metadata.json
 * from IPFS, which this verifier cannot reach. It looks instead among the session's files (a
 * metadata.json, also in a zip or a Hardhat build-info) and the contracts verified here at the
 * address, on any chain. The answer is what the session must add to hold the contract: nothing
 * when it holds the metadata already, else the stored contract's metadata and sources; when
 * neither has it, a 400 saying to upload it.
 */
export async function deployedContractFiles(service: VerifyService, chainId: string, address: string, sessionFiles: readonly UploadedFile[]): Promise<SessionUpload[]> {
  const chain = service.chains.chain(chainId);
  let code: string;
  try {
    code = await chain.sourcify.getBytecode(address);
  } catch (error) {
    throw toVerifyError(error);
  }
  const shown = checksumAddress(address);
  if (!/^0x[0-9a-fA-F]+$/.test(code) || code.length <= 2) throw new VerifyError('not_deployed', `Chain ${chainId} does not have a contract deployed at ${shown}`);
  const hash = metadataIpfsHashOf(code);
  if (!hash) {
    throw new VerifyError('bad_request', `The contract at ${shown} on chain ${chainId} names no IPFS metadata hash in its bytecode (it was compiled without one, or with a Swarm hash), so its metadata cannot be found from the address: upload its metadata.json and sources instead`);
  }
  if ((await sessionMetadataTexts(sessionFiles, service.sessions.maxBytes)).some((text) => ipfsHashOf(Buffer.from(text, 'utf8')) === hash)) return [];
  for (const record of service.repository.byAddress(address)) {
    // The stored metadata is JSON as the verifier wrote it, not always byte for byte what solc
    // hashed: a perfect runtime match of this very deployment is its metadata all the same.
    const isThisOne = ipfsHashOf(Buffer.from(record.metadata, 'utf8')) === hash || (record.chainId === chainId && record.runtimeMatch === 'perfect');
    const stored = isThisOne ? service.repository.files(record.chainId, address) : null;
    if (stored) return storedContractUpload(shown, stored);
  }
  throw new VerifyError('bad_request', `The metadata of the contract at ${shown} on chain ${chainId} (IPFS ${hash}) is neither in this session nor among the contracts verified here, and this verifier works offline: it cannot fetch metadata.json from IPFS. Upload the contract's metadata.json, with its sources, instead`);
}

/**
 * Every metadata text the session's files hold: each JSON file as written, and the metadata of each
 * contract in a Hardhat build-info (solc's own text, which is what it hashed). Zips are read unpacked.
 */
async function sessionMetadataTexts(files: readonly UploadedFile[], maxBytes: number): Promise<string[]> {
  if (files.length === 0) return [];
  const unpacked = (await unpackZips(files, { bytes: maxBytes, scope: 'a session may hold' })).files;
  const texts: string[] = [];
  for (const file of unpacked) {
    const text = file.buffer.toString('utf8');
    if (!text.trimStart().startsWith('{')) continue;
    texts.push(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    const contracts = (parsed as { output?: { contracts?: unknown } } | null)?.output?.contracts;
    if (!contracts || typeof contracts !== 'object') continue;
    for (const byName of Object.values(contracts as Record<string, unknown>)) {
      for (const contract of Object.values((byName ?? {}) as Record<string, { metadata?: unknown } | null>)) {
        if (typeof contract?.metadata === 'string') texts.push(contract.metadata);
      }
    }
  }
  return texts;
}

/**
 * A stored contract as session files, in a folder named by its address so that none replaces a
 * file the user uploaded. Sources are matched by their hashes, not names: a path that is no
 * acceptable file name (an absolute one) is stored under a plain one.
 */
function storedContractUpload(address: string, stored: { metadata: string; sources: Record<string, string> }): SessionUpload[] {
  const files = [{ path: `${address}/metadata.json`, content: Buffer.from(stored.metadata, 'utf8') }];
  Object.entries(stored.sources).forEach(([path, content], index) => {
    const named = `${address}/${path}`;
    const name = fileNameProblem(path) === null && fileNameProblem(named) === null ? named : `${address}/source-${index + 1}.sol`;
    files.push({ path: name, content: Buffer.from(content, 'utf8') });
  });
  return files;
}
