import { CompilerUnavailableError } from '../compilers/compiler-errors.ts';
import { isLongVersion, parseLongVersion } from '../compilers/solc-version.ts';
import { VerifyError, toVerifyError } from '../engine/verify-error.ts';
import { fetchExplorerSource } from '../explorer/explorer-import.ts';
import { parseAddress } from '../engine/evm-address.ts';
import type { VerifyService } from '../verify-service.ts';
import { assembleSession, type AssembledSession } from './session-contracts.ts';
import { solcJsonToFiles } from './solc-json-files.ts';
import { contractEntry, dataEntry, type SessionContractEntry, type SessionDataEntry, type SessionEnvelope } from './session-entry.ts';

export interface CheckedContractRequest {
  verificationId: string;
  address: string;
  chainId: string;
  creatorTxHash?: string | null;
}

/**
 * The session operations of interface B over a SessionStore: add files, see the contracts they
 * make up (found, missing and unused files), attach an address and chain, verify.
 */
export class SessionService {
  private readonly service: VerifyService;

  constructor(service: VerifyService) {
    this.service = service;
  }

  async envelope(sessionId: string): Promise<SessionEnvelope<SessionContractEntry>> {
    const files = this.service.sessions.files(sessionId);
    const assembled = await this.assemble(files);
    const state = this.service.sessions.state(sessionId);
    return {
      contracts: assembled.contracts.map((c) => contractEntry(c, state.contracts[c.verificationId])),
      unused: assembled.unused,
      files: files.map((f) => f.path),
    };
  }

  async data(sessionId: string): Promise<SessionEnvelope<SessionDataEntry>> {
    const envelope = await this.envelope(sessionId);
    return { ...envelope, contracts: envelope.contracts.map(dataEntry) };
  }

  async addFiles(sessionId: string, files: Array<{ path: string; content: Buffer }>): Promise<SessionEnvelope<SessionContractEntry>> {
    this.service.sessions.addFiles(sessionId, files);
    return this.envelope(sessionId);
  }

  /**
   * Verifies the listed contracts of the session that have all their sources, remembering address
   * and chain for each. A failure is recorded on its contract (`error` with the reason) rather than
   * failing the whole request, as Sourcify does.
   */
  async verifyChecked(sessionId: string, requests: CheckedContractRequest[]): Promise<SessionEnvelope<SessionContractEntry>> {
    const files = this.service.sessions.files(sessionId);
    const assembled = await this.assemble(files);
    const state = this.service.sessions.state(sessionId);
    for (const request of requests) {
      const found = assembled.contracts.find((c) => c.verificationId === request.verificationId);
      if (!found) throw new VerifyError('bad_request', `no contract with verificationId ${request.verificationId} in this session`);
      const address = parseAddress(request.address);
      if (!address) throw new VerifyError('bad_request', `address must be a 0x-prefixed 40-digit hex address, not "${request.address}"`);
      const previous = state.contracts[request.verificationId] ?? {};
      const contractState = { ...previous, address, chainId: request.chainId, creatorTxHash: request.creatorTxHash ?? null };
      delete contractState.statusMessage;
      if (previous.status === 'perfect' && previous.address === address && previous.chainId === request.chainId) continue;
      try {
        const stored = this.service.repository.get(request.chainId, address);
        const record = stored?.status === 'perfect'
          ? stored
          : this.service.store(await this.service.verifier.verifyMetadataContract(found.contract, { chainId: request.chainId, address, creatorTxHash: request.creatorTxHash ?? null }, files));
        Object.assign(contractState, { status: record.status, storageTimestamp: record.verifiedAt });
      } catch (error) {
        Object.assign(contractState, { status: 'error', statusMessage: toVerifyError(error).message });
      }
      state.contracts[request.verificationId] = contractState;
    }
    this.service.sessions.saveState(sessionId, state);
    return this.envelope(sessionId);
  }

  /** Compiles standard JSON inputs and adds their sources and contract metadata to the session. */
  async addSolcJson(sessionId: string, inputs: Record<string, string>, compilerVersion: string): Promise<SessionEnvelope<SessionContractEntry>> {
    const version = this.requireCompiler(compilerVersion);
    const files: Array<{ path: string; content: Buffer }> = [];
    try {
      for (const [name, text] of Object.entries(inputs)) files.push(...await solcJsonToFiles(this.service.compiler, version, text, name));
    } catch (error) {
      throw toVerifyError(error);
    }
    return this.addFiles(sessionId, files);
  }

  /**
   * Imports a contract an Etherscan-compatible explorer has verified (base URL configured per
   * chain) and verifies it against the chain here. The apiKey goes to that one request only.
   */
  async importFromExplorer(sessionId: string, address: string, chainId: string, apiKey: string): Promise<SessionEnvelope<SessionContractEntry>> {
    const base = this.service.explorers[chainId];
    if (!base) throw new VerifyError('unsupported_chain', `no explorer is configured for chain ${chainId}`);
    const parsed = parseAddress(address);
    if (!parsed) throw new VerifyError('bad_request', `address must be a 0x-prefixed 40-digit hex address, not "${address}"`);
    const source = await fetchExplorerSource(base, parsed, apiKey);
    const envelope = await this.addSolcJson(sessionId, { 'explorer-input.json': JSON.stringify(source.jsonInput) }, source.compilerVersion);
    const target = envelope.contracts.find((c) => c.name === source.contractName && (!source.contractPath || c.compiledPath === source.contractPath))
      ?? envelope.contracts.find((c) => c.name === source.contractName);
    if (!target) throw new VerifyError('bad_request', `the explorer's sources do not compile to a contract named ${source.contractName}`);
    return this.verifyChecked(sessionId, [{ verificationId: target.verificationId, address: parsed, chainId }]);
  }

  private requireCompiler(version: string): string {
    if (!isLongVersion(version)) throw new VerifyError('bad_request', `compilerVersion must be a long version such as 0.8.4+commit.c7e474f2, not "${version}"`);
    const longVersion = parseLongVersion(version);
    if (!this.service.compilers.has(longVersion)) throw toVerifyError(new CompilerUnavailableError(longVersion));
    return longVersion;
  }

  clear(sessionId: string): void {
    this.service.sessions.clear(sessionId);
  }

  private async assemble(files: Array<{ path: string; buffer: Buffer }>): Promise<AssembledSession> {
    try {
      return await assembleSession(files);
    } catch (error) {
      throw new VerifyError('bad_request', `the session's files could not be read: ${(error as Error).message}`);
    }
  }
}
