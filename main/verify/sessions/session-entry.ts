import type { SessionContractFacts, SessionContractState } from './session-store.ts';

/** A contract of a session as the session operations answer it (interface B's contract entry). */
export interface SessionContractEntry {
  verificationId: string;
  compiledPath: string;
  name: string;
  compilerVersion: string;
  address: string;
  chainId: string;
  files: { found: string[]; missing: string[] };
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
    files: { found: facts.found, missing: facts.missing },
    status: state.status ?? 'pending',
    ...(state.statusMessage ? { statusMessage: state.statusMessage } : {}),
    ...(state.storageTimestamp ? { storageTimestamp: state.storageTimestamp } : {}),
  };
}

export function dataEntry(entry: SessionContractEntry): SessionDataEntry {
  const { address: _address, chainId: _chainId, storageTimestamp: _stored, ...rest } = entry;
  return rest;
}
