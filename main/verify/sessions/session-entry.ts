import type { DifferingUpload } from './differing-uploads.ts';
import type { SessionContractFacts, SessionContractState } from './session-store.ts';

/** A contract of a session as the session operations answer it (interface B's contract entry). */
export interface SessionContractEntry {
  verificationId: string;
  compiledPath: string;
  name: string;
  compilerVersion: string;
  address: string;
  chainId: string;
  /**
   * `invalid`, as Sourcify's session entries have it, only when an uploaded file stands where the
   * metadata names a source but differs from it (differing-uploads.ts).
   */
  files: { found: string[]; missing: string[]; invalid?: Record<string, DifferingUpload> };
  /** `perfect` / `partial` once verified, `error` (see statusMessage) when verifying failed, else `pending`. */
  status: string;
  statusMessage?: string;
  /** ISO 8601; present once the verification is stored. */
  storageTimestamp?: string;
}

/** The session data read's entry: the same without address, chainId and storageTimestamp. */
export type SessionDataEntry = Omit<SessionContractEntry, 'address' | 'chainId' | 'storageTimestamp'>;

export interface SessionEnvelope<E> {
  contracts: E[];
  unused: string[];
  /** Names of all uploaded files (Sourcify sends them too; HashScan reads them). */
  files: string[];
}

export function contractEntry(facts: SessionContractFacts, state: SessionContractState = {}): SessionContractEntry {
  return {
    verificationId: facts.verificationId,
    compiledPath: facts.compiledPath,
    name: facts.name,
    compilerVersion: facts.compilerVersion,
    address: state.address ?? '',
    chainId: state.chainId ?? '',
    files: { found: facts.found, missing: facts.missing, ...(facts.invalid && Object.keys(facts.invalid).length > 0 ? { invalid: facts.invalid } : {}) },
    status: state.status ?? 'pending',
    ...(state.statusMessage ? { statusMessage: state.statusMessage } : {}),
    ...(state.storageTimestamp ? { storageTimestamp: state.storageTimestamp } : {}),
  };
}

export function dataEntry(entry: SessionContractEntry): SessionDataEntry {
  const { address: _address, chainId: _chainId, storageTimestamp: _stored, ...rest } = entry;
  return rest;
}
