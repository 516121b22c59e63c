import { VerifyError } from '../engine/verify-error.ts';
import { parseAddress } from '../engine/evm-address.ts';
import { fileNameProblem, quotableName } from '../engine/file-name-rules.ts';

export type Fields = Record<string, unknown>;

export function asObject(body: unknown): Fields {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new VerifyError('bad_request', 'the request body must be a JSON object');
  return body as Fields;
}

export function requiredString(body: Fields, name: string): string {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw new VerifyError('bad_request', `${name} is required`);
  if (typeof value !== 'string') throw new VerifyError('bad_request', `${name} must be a string`);
  return value;
}

export function optionalString(body: Fields, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new VerifyError('bad_request', `${name} must be a string`);
  return value;
}

export function requiredAddress(body: Fields, name = 'address'): string {
  const text = requiredString(body, name);
  const address = parseAddress(text);
  if (!address) {
    const badChecksum = /^0x[0-9a-fA-F]{40}$/.test(text.trim());
    throw new VerifyError('bad_request', badChecksum
      ? `${name} "${text.trim()}" has a wrong EIP-55 checksum (mixed case must match it exactly): check it, or send it in lower case`
      : `${name} must be a 0x-prefixed 40-digit hex address, not "${text.slice(0, 80)}"`);
  }
  return address;
}

export function requiredChainId(body: Fields, name: string): string {
  const value = body[name];
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : requiredString(body, name);
  if (!/^\d{1,18}$/.test(text)) throw new VerifyError('bad_request', `${name} must be a decimal chain id, not "${text.slice(0, 40)}"`);
  return text.replace(/^0+(?=\d)/, '');
}

/**
 * The chain a v1 request names, as `chain` or `chainId`: Sourcify copies `chainId` over `chain` in
 * every request (its server.ts), so either name works and `chainId` wins when both are given.
 */
export function requiredTargetChain(body: Fields): string {
  const given = (name: string) => body[name] !== undefined && body[name] !== null && body[name] !== '';
  if (!given('chain') && !given('chainId')) throw new VerifyError('bad_request', 'chain is required: the id of the chain the contract is deployed on (as chain or chainId)');
  return requiredChainId(body, given('chainId') ? 'chainId' : 'chain');
}

export function optionalTxHash(body: Fields, name = 'creatorTxHash'): string | null {
  const text = optionalString(body, name);
  if (text === null) return null;
  if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw new VerifyError('bad_request', `${name} must be a 0x-prefixed 32-byte hex transaction hash`);
  return text.toLowerCase();
}

/**
 * A `files` object (name → content string). Names are checked (checkFileName): no `..` segments,
 * no absolute or drive paths, no control characters.
 */
export function requiredFiles(body: Fields, name = 'files'): Array<{ path: string; content: Buffer }> {
  const value = body[name];
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new VerifyError('bad_request', `${name} must be an object mapping file names to contents`);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw new VerifyError('bad_request', `${name} is empty: upload at least one file`);
  return entries.map(([path, content]) => {
    if (typeof content !== 'string') throw new VerifyError('bad_request', `${name}["${quotableName(path)}"] must be a string (the file's content)`);
    return { path: checkFileName(path), content: Buffer.from(content, 'utf8') };
  });
}

/** Returns the name when it is acceptable (file-name-rules.ts, the rules zip entries follow too), else throws a 400 naming the problem. */
export function checkFileName(path: string): string {
  const problem = fileNameProblem(path);
  if (problem !== null) throw new VerifyError('bad_request', `file name "${quotableName(path)}" ${problem}`);
  return path;
}
