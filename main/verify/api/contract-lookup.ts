import { randomUUID } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { abiSignature } from '../../common/abi-signature.ts';
import { checksumAddress } from '../engine/evm-address.ts';
import { overallStatus } from '../engine/verification-result.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import { v2Match } from './result-entry.ts';
import { invalidParameter } from './sourcify-v2-errors.ts';
import type { JobContract } from './verification-jobs.ts';

/**
 * The fields of Sourcify's `GET /v2/contract` (its FIELDS_TO_STORED_PROPERTIES): a name alone, or
 * a group with the subfields that `group.subfield` may select.
 */
const FIELDS: Readonly<Record<string, readonly string[] | null>> = {
  matchId: null,
  creationMatch: null,
  runtimeMatch: null,
  verifiedAt: null,
  creationBytecode: ['onchainBytecode', 'recompiledBytecode', 'sourceMap', 'linkReferences', 'cborAuxdata', 'transformations', 'transformationValues'],
  runtimeBytecode: ['onchainBytecode', 'recompiledBytecode', 'sourceMap', 'linkReferences', 'cborAuxdata', 'immutableReferences', 'transformations', 'transformationValues'],
  deployment: ['transactionHash', 'blockNumber', 'transactionIndex', 'deployer'],
  sources: null,
  compilation: ['language', 'compiler', 'compilerVersion', 'compilerSettings', 'name', 'fullyQualifiedName'],
  abi: null,
  metadata: null,
  storageLayout: null,
  transientStorageLayout: null,
  userdoc: null,
  devdoc: null,
  sourceIds: null,
  additionalInput: null,
  stdJsonInput: null,
  stdJsonOutput: null,
  signatures: ['function', 'event', 'error'],
  proxyResolution: ['onchainRuntimeBytecode', 'onchainCreationBytecode'],
};

/** What a lookup answers beyond the minimal fields: each entry a field or `group.subfield`. */
export type FieldSelection = readonly string[];

/**
 * Reads `?fields=` and `?omit=` as Sourcify does: `fields=all`, or a comma list of fields and
 * `group.subfield`s; `omit` a list to leave out of all. Unknown fields, both parameters, `all`
 * with others or deeper selectors are a 400 with Sourcify's words.
 */
export function fieldSelection(query: unknown): FieldSelection {
  const q = (query ?? {}) as Record<string, unknown>;
  const fields = singleParam(q.fields, 'fields must be given once, as a comma-separated list');
  const omit = singleParam(q.omit, 'omit must be given once, as a comma-separated list');
  if (fields && omit) throw invalidParameter('Cannot specify both fields and omit');
  if (fields !== undefined) {
    const list = fields.split(',');
    if (list.includes('all')) {
      if (list.length > 1) throw invalidParameter("Cannot specify 'all' with other fields");
      return Object.keys(FIELDS);
    }
    list.forEach(checkField);
    return list;
  }
  if (omit !== undefined) {
    const omitted = omit.split(',');
    omitted.forEach(checkField);
    return Object.entries(FIELDS).flatMap(([field, subfields]) => {
      if (omitted.includes(field)) return [];
      const kept = subfields?.filter((sub) => !omitted.includes(`${field}.${sub}`)) ?? [];
      return subfields && kept.length < subfields.length ? kept.map((sub) => `${field}.${sub}`) : [field];
    });
  }
  return [];
}

/** A query parameter given at most once: its text, undefined when absent, else a 400 with `repeated` (it came as a list). */
export function singleParam(value: unknown, repeated: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw invalidParameter(repeated);
}

function checkField(selector: string): void {
  const parts = selector.split('.');
  if (parts.length > 2) throw invalidParameter(`Field selector cannot have more than one level subselectors: ${selector.slice(0, 100)}`);
  const [field, sub] = parts as [string, string | undefined];
  const known = Object.hasOwn(FIELDS, field) && (sub === undefined || (FIELDS[field]?.includes(sub) ?? false));
  if (!known) throw invalidParameter(`Field selector ${selector.slice(0, 100)} is not a valid field`);
}

/** The 404 body for a contract not verified here: the lookup itself with every match null (hardhat-verify reads it so). */
export function unverifiedContract(chainId: string, address: string): JobContract {
  return { match: null, creationMatch: null, runtimeMatch: null, chainId, address: checksumAddress(address) };
}

/**
 * A verified contract as `GET /v2/contract` answers it: the minimal fields, plus the selected ones.
 * What this verifier does not keep (on-chain and recompiled bytecode, source maps, storage layout,
 * compiler output, deployment block) is null, as Sourcify answers for data it does not have.
 */
export function verifiedContract(record: VerifiedRecord, stored: { sources: Record<string, string> } | null, selection: FieldSelection): Record<string, unknown> {
  const answer: Record<string, unknown> = minimalContract(record);
  const details = new ContractDetails(record, stored?.sources ?? {});
  for (const selector of selection) {
    const [field, sub] = selector.split('.') as [string, string | undefined];
    const value = details.field(field);
    if (sub === undefined) answer[field] = value;
    else answer[field] = { ...(answer[field] as Record<string, unknown> | undefined), [sub]: (value as Record<string, unknown> | null)?.[sub] ?? null };
  }
  return answer;
}

interface MetadataShape {
  language?: string;
  settings?: Record<string, unknown> & { compilationTarget?: unknown; libraries?: Record<string, string> };
  output?: { abi?: AbiItem[]; userdoc?: unknown; devdoc?: unknown };
}

interface AbiParameterShape {
  type: string;
  components?: AbiParameterShape[];
}

interface AbiItem {
  type?: string;
  name?: string;
  inputs?: AbiParameterShape[];
}

/** Each field's value, worked out from the stored metadata, sources and match. */
class ContractDetails {
  private readonly record: VerifiedRecord;
  private readonly sources: Record<string, string>;
  private readonly metadata: MetadataShape | null;

  constructor(record: VerifiedRecord, sources: Record<string, string>) {
    this.record = record;
    this.sources = sources;
    this.metadata = parseMetadata(record.metadata);
  }

  field(name: string): unknown {
    const { record, metadata } = this;
    switch (name) {
      case 'matchId': return record.matchId;
      case 'creationMatch': return v2Match(record.creationMatch);
      case 'runtimeMatch': return v2Match(record.runtimeMatch);
      case 'verifiedAt': return record.verifiedAt;
      case 'creationBytecode': return {
        ...nulls(FIELDS.creationBytecode!),
        transformationValues: record.constructorArguments && record.constructorArguments !== '0x' ? { constructorArguments: record.constructorArguments } : null,
      };
      case 'runtimeBytecode': return nulls(FIELDS.runtimeBytecode!);
      case 'deployment': return { ...nulls(FIELDS.deployment!), transactionHash: record.creatorTxHash };
      case 'sources': return Object.fromEntries(Object.entries(this.sources).map(([path, content]) => [path, { content }]));
      case 'compilation': return {
        language: metadata?.language ?? 'Solidity',
        compiler: 'solc',
        compilerVersion: record.compilerVersion,
        compilerSettings: this.compilerSettings(),
        name: record.name,
        fullyQualifiedName: `${record.compiledPath}:${record.name}`,
      };
      case 'abi': return metadata?.output?.abi ?? null;
      case 'metadata': return metadata;
      case 'userdoc': return metadata?.output?.userdoc ?? null;
      case 'devdoc': return metadata?.output?.devdoc ?? null;
      case 'stdJsonInput': return {
        language: metadata?.language ?? 'Solidity',
        sources: this.field('sources'),
        settings: this.compilerSettings(),
      };
      case 'signatures': return signaturesOf(metadata?.output?.abi ?? []);
      case 'proxyResolution': return {
        proxyResolutionError: { customCode: 'proxy_resolution_error', message: 'Proxy detection is not run by this local verifier', errorId: randomUUID() },
      };
      default: return null; // storageLayout, transientStorageLayout, sourceIds, additionalInput, stdJsonOutput: not kept here
    }
  }

  /**
   * The compiler settings of the standard JSON input the metadata describes (as Sourcify stores
   * them, without outputSelection): the metadata's settings without compilationTarget, libraries
   * regrouped from `file:Name` to `{file: {Name}}`.
   */
  private compilerSettings(): Record<string, unknown> | null {
    if (!this.metadata?.settings) return null;
    const { compilationTarget: _target, libraries, ...settings } = this.metadata.settings;
    const grouped: Record<string, Record<string, string>> = {};
    for (const [key, address] of Object.entries(libraries ?? {})) {
      const cut = key.lastIndexOf(':');
      const file = cut === -1 ? '' : key.slice(0, cut);
      (grouped[file] ??= {})[key.slice(cut + 1)] = address;
    }
    return { ...settings, libraries: grouped };
  }
}

function parseMetadata(text: string): MetadataShape | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as MetadataShape) : null;
  } catch {
    return null;
  }
}

function nulls(keys: readonly string[]): Record<string, null> {
  return Object.fromEntries(keys.map((key) => [key, null]));
}

/** Function, event and error signatures of an ABI with their keccak256 hashes (32 bytes and the 4-byte selector). */
function signaturesOf(abi: AbiItem[]): Record<'function' | 'event' | 'error', Array<{ signature: string; signatureHash32: string; signatureHash4: string }>> {
  const out = { function: [], event: [], error: [] } as Record<'function' | 'event' | 'error', Array<{ signature: string; signatureHash32: string; signatureHash4: string }>>;
  for (const item of Array.isArray(abi) ? abi : []) {
    if ((item.type !== 'function' && item.type !== 'event' && item.type !== 'error') || typeof item.name !== 'string') continue;
    const signature = abiSignature({ name: item.name, inputs: item.inputs ?? [] });
    const hash = `0x${Buffer.from(keccak_256(Buffer.from(signature, 'utf8'))).toString('hex')}`;
    out[item.type].push({ signature, signatureHash32: hash, signatureHash4: hash.slice(0, 10) });
  }
  return out;
}

/** What every APIv2 answer says of a verified contract (Sourcify's minimal contract): the lookup, a job's `contract`, a list's rows. */
export function minimalContract(match: Pick<VerifiedRecord, 'runtimeMatch' | 'creationMatch' | 'chainId' | 'address' | 'verifiedAt' | 'matchId'>) {
  return {
    match: v2Match(overallStatus(match.runtimeMatch, match.creationMatch)),
    creationMatch: v2Match(match.creationMatch),
    runtimeMatch: v2Match(match.runtimeMatch),
    chainId: match.chainId,
    address: checksumAddress(match.address),
    verifiedAt: match.verifiedAt,
    matchId: match.matchId,
  };
}
