import type { RequestOf } from '../common/api-contract.ts';
import type { VerifyContractTarget, VerifyFileInput } from '../common/verify-types.ts';
import { isLongVersion } from '../verify/compilers/solc-version.ts';
import { ADDRESS, objectWith, unexpectedFields, type Fields } from './request-object.ts';
import type { Validation } from './validate-request.ts';

/** Files one `verify/files/add` call may carry; a big project folder is sent in several calls. */
export const MAX_FILES_PER_CALL = 2000;
/** Decoded bytes one `verify/files/add` call may carry (the session itself holds at most 50 MiB). */
export const MAX_FILE_BYTES_PER_CALL = 24 * 1024 * 1024;
/** A soljson is ~10 MB for recent versions; old asm.js builds are larger, none near this. */
export const MAX_SOLJSON_BYTES = 40 * 1024 * 1024;
const MAX_NAME_LENGTH = 512;
/** A stored verification's source paths come from its metadata, which sets no length: room for any real one. */
const MAX_SOURCE_PATH_LENGTH = 4096;
const MAX_CONTRACTS_PER_CALL = 200;
const MAX_SUGGESTION_QUERY = 100;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const CHAIN_ID = /^\d{1,18}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const VERIFICATION_ID = /^[0-9a-f]{40}$/;


/**
 * A file name as a project folder gives it: relative, `/`-separated, no `..`, no control
 * characters. The session stores names as given; this keeps odd ones out of it and of the UI.
 */
export function fileNameProblem(name: unknown, label: string): string | null {
  if (typeof name !== 'string' || name.length === 0) return `${label} must be a non-empty string`;
  if (name.length > MAX_NAME_LENGTH) return `${label} is longer than ${MAX_NAME_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return `${label} "${name.slice(0, 80)}" contains a control character or a backslash`;
  if (name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    return `${label} "${name.slice(0, 80)}" must be a relative path without "..", "." or empty parts`;
  }
  return null;
}

/** Decoded size of a base64 text (without decoding it). */
function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

export function validateVerifyFiles(request: unknown): Validation<RequestOf<'verify/files/add'>> {
  const { input, problems } = objectWith(request, ['files'], 'a "files" array');
  if (!input) return { ok: false, problems };
  const files = input.files;
  if (!Array.isArray(files) || files.length === 0) return { ok: false, problems: [...problems, '"files" must be a non-empty array of {name, content, encoding}'] };
  if (files.length > MAX_FILES_PER_CALL) return { ok: false, problems: [...problems, `at most ${MAX_FILES_PER_CALL} files per call; send the rest in another call`] };
  let total = 0;
  /** Files that alone pass the limit: sending them in other calls would not help, so they are named. */
  const oversized: string[] = [];
  const names = new Set<string>();
  files.forEach((file: unknown, index) => {
    const label = `files[${index}]`;
    if (typeof file !== 'object' || file === null || Array.isArray(file)) {
      problems.push(`${label} must be an object with "name", "content" and "encoding"`);
      return;
    }
    const { name, content, encoding } = file as Fields;
    problems.push(...unexpectedFields(file as Fields, ['name', 'content', 'encoding'], label));
    const nameProblem = fileNameProblem(name, `${label}.name`);
    if (nameProblem) problems.push(nameProblem);
    else if (names.has(name as string)) problems.push(`${label}.name "${(name as string).slice(0, 80)}" appears twice`);
    else names.add(name as string);
    if (encoding !== 'utf8' && encoding !== 'base64') problems.push(`${label}.encoding must be "utf8" or "base64"`);
    if (typeof content !== 'string') {
      problems.push(`${label}.content must be a string`);
    } else if (encoding === 'base64') {
      if (!BASE64.test(content) || content.length % 4 !== 0) problems.push(`${label}.content is not valid base64`);
    }
    const bytes = typeof content !== 'string' ? 0 : encoding === 'base64' ? base64Bytes(content) : Buffer.byteLength(content, 'utf8');
    if (bytes > MAX_FILE_BYTES_PER_CALL) oversized.push(`${label} (${typeof name === 'string' ? name.slice(0, 80) : 'unnamed'})`);
    total += bytes;
  });
  const limit = `${MAX_FILE_BYTES_PER_CALL / 2 ** 20} MiB`;
  if (oversized.length > 0) problems.push(`${oversized.join(', ')} ${oversized.length === 1 ? 'is' : 'are each'} larger than ${limit}, the most one file may be here; use the verify API for larger files`);
  else if (total > MAX_FILE_BYTES_PER_CALL) problems.push(`the files of one call may hold at most ${limit}; send them in several calls`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { files: files as VerifyFileInput[] } };
}

export function validateVerifyContracts(request: unknown): Validation<RequestOf<'verify/contracts/verify'>> {
  const { input, problems } = objectWith(request, ['contracts'], 'a "contracts" array');
  if (!input) return { ok: false, problems };
  const contracts = input.contracts;
  if (!Array.isArray(contracts) || contracts.length === 0) return { ok: false, problems: [...problems, '"contracts" must be a non-empty array of {verificationId, address, chainId}'] };
  if (contracts.length > MAX_CONTRACTS_PER_CALL) return { ok: false, problems: [...problems, `at most ${MAX_CONTRACTS_PER_CALL} contracts per call`] };
  const value: VerifyContractTarget[] = [];
  contracts.forEach((item: unknown, index) => {
    const label = `contracts[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${label} must be an object with "verificationId", "address" and "chainId"`);
      return;
    }
    const { verificationId, address, chainId, creatorTxHash } = item as Fields;
    problems.push(...unexpectedFields(item as Fields, ['verificationId', 'address', 'chainId', 'creatorTxHash'], label));
    const before = problems.length;
    if (typeof verificationId !== 'string' || !VERIFICATION_ID.test(verificationId)) problems.push(`${label}.verificationId must be the 40-digit id the session gave the contract`);
    if (typeof address !== 'string' || !ADDRESS.test(address.trim())) problems.push(`${label}.address must be a 0x-prefixed 40-digit hex address`);
    if (typeof chainId !== 'string' || !CHAIN_ID.test(chainId)) problems.push(`${label}.chainId must be a decimal chain id such as "298"`);
    if (creatorTxHash !== undefined && creatorTxHash !== null && creatorTxHash !== '' && (typeof creatorTxHash !== 'string' || !TX_HASH.test(creatorTxHash.trim()))) {
      problems.push(`${label}.creatorTxHash must be a 0x-prefixed 64-digit transaction hash, or left out`);
    }
    if (problems.length > before) return;
    const hash = typeof creatorTxHash === 'string' && creatorTxHash.trim() !== '' ? creatorTxHash.trim().toLowerCase() : null;
    value.push({ verificationId: verificationId as string, address: (address as string).trim().toLowerCase(), chainId: chainId as string, creatorTxHash: hash });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { contracts: value } };
}

export function validateVerifyCheck(request: unknown): Validation<RequestOf<'verify/check'>> {
  const { input, problems } = objectWith(request, ['address', 'chainId'], 'an "address" (and optionally "chainId")');
  if (!input) return { ok: false, problems };
  if (typeof input.address !== 'string' || !ADDRESS.test(input.address.trim())) problems.push('"address" must be a 0x-prefixed 40-digit hex address');
  if (input.chainId !== undefined && (typeof input.chainId !== 'string' || !CHAIN_ID.test(input.chainId))) problems.push('"chainId" must be a decimal chain id such as "298", or left out');
  if (problems.length > 0) return { ok: false, problems };
  const address = (input.address as string).trim().toLowerCase();
  return { ok: true, value: input.chainId === undefined ? { address } : { address, chainId: input.chainId as string } };
}

/** `verify/sources` and `verify/source-file`: an address and a chain id, and for a file its path as the sources list gives it. */
export function validateVerifySources(request: unknown): Validation<RequestOf<'verify/sources'>> {
  const { input, problems } = objectWith(request, ['address', 'chainId'], 'an "address" and a "chainId"');
  if (!input) return { ok: false, problems };
  problems.push(...addressAndChainProblems(input));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { address: (input.address as string).trim().toLowerCase(), chainId: input.chainId as string } };
}

export function validateVerifySourceFile(request: unknown): Validation<RequestOf<'verify/source-file'>> {
  const { input, problems } = objectWith(request, ['address', 'chainId', 'path'], 'an "address", a "chainId" and a source "path"');
  if (!input) return { ok: false, problems };
  problems.push(...addressAndChainProblems(input));
  // Any path a metadata may name (`@oz/…`, `project:/…`, even `../x.sol`): it is only looked up, never opened as a file.
  if (typeof input.path !== 'string' || input.path.length === 0 || input.path.length > MAX_SOURCE_PATH_LENGTH) problems.push(`"path" must be a source path of 1 to ${MAX_SOURCE_PATH_LENGTH} characters`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { address: (input.address as string).trim().toLowerCase(), chainId: input.chainId as string, path: input.path as string } };
}

function addressAndChainProblems(input: Fields): string[] {
  const problems: string[] = [];
  if (typeof input.address !== 'string' || !ADDRESS.test(input.address.trim())) problems.push('"address" must be a 0x-prefixed 40-digit hex address');
  if (typeof input.chainId !== 'string' || !CHAIN_ID.test(input.chainId)) problems.push('"chainId" must be a decimal chain id such as "298"');
  return problems;
}

export function validateVerifySuggestions(request: unknown): Validation<RequestOf<'verify/suggestions'>> {
  const { input, problems } = objectWith(request, ['query'], 'a "query" string');
  if (!input) return { ok: false, problems };
  if (typeof input.query !== 'string') problems.push('"query" must be a string (empty: the newest contracts)');
  else if (input.query.length > MAX_SUGGESTION_QUERY) problems.push(`"query" is longer than ${MAX_SUGGESTION_QUERY} characters`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { query: (input.query as string).trim() } };
}

export function validateCompilerImport(request: unknown): Validation<RequestOf<'verify/compilers/import'>> {
  const { input, problems } = objectWith(request, ['name', 'content'], '"name" and base64 "content"');
  if (!input) return { ok: false, problems };
  const nameProblem = typeof input.name === 'string' && input.name.length > 0 && input.name.length <= 255 && !/[\u0000-\u001f]/.test(input.name)
    ? null : '"name" must be the file name (1 to 255 characters)';
  if (nameProblem) problems.push(nameProblem);
  const content = input.content;
  if (typeof content !== 'string' || content.length === 0 || content.length % 4 !== 0 || !BASE64.test(content)) {
    problems.push('"content" must be the soljson file in base64');
  } else if (base64Bytes(content) > MAX_SOLJSON_BYTES) {
    problems.push(`the file is larger than ${MAX_SOLJSON_BYTES / 2 ** 20} MiB: not a soljson compiler`);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { name: input.name as string, content: content as string } };
}

export function validateCompilerDownload(request: unknown): Validation<RequestOf<'verify/compilers/download'>> {
  const { input, problems } = objectWith(request, ['version'], 'a "version" string');
  if (!input) return { ok: false, problems };
  if (typeof input.version !== 'string' || input.version.length > 80 || !isLongVersion(input.version)) {
    problems.push('"version" must be a long compiler version such as 0.8.4+commit.c7e474f2');
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { version: (input.version as string).trim().replace(/^v/, '') } };
}
