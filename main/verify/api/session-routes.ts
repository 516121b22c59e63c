import type { FastifyInstance } from 'fastify';
import { checksumAddress } from '../engine/evm-address.ts';
import { VerifyError } from '../engine/verify-error.ts';
import { EMPTY_ENVELOPE, SessionService, UnknownVerificationIdError, type CheckedContractRequest } from '../sessions/session-service.ts';
import type { SessionContractEntry, SessionEnvelope } from '../sessions/session-entry.ts';
import type { VerifyService } from '../verify-service.ts';
import { deployedContractFiles } from './deployed-contract-metadata.ts';
import { clientGoneSignal } from './client-gone-signal.ts';
import { readBody, readFields } from './request-body.ts';
import { asObject, requiredAddress, requiredChainId, requiredString, requiredTargetChain, optionalTxHash } from './request-fields.ts';
import { addingToSession, existingSessionOf } from './session-cookie.ts';

/**
 * The session operations of interface B, the session named by its HttpOnly cookie. Only adding
 * files opens a session; reading, clearing or verifying without one answers as an empty session.
 * Each route also answers under the older name Sourcify still serves (its deprecated routes), and
 * contract addresses are answered in their EIP-55 checksum form, as Sourcify's session keeps them.
 */
export function registerSessionRoutes(app: FastifyInstance, service: VerifyService): void {
  const sessions = new SessionService(service);

  for (const url of ['/session/data', '/session-data']) {
    app.get(url, async (request) => {
      const id = existingSessionOf(request, service.sessions);
      return id ? sessions.data(id) : EMPTY_ENVELOPE;
    });
  }

  for (const url of ['/session/clear', '/restart-session']) {
    app.post(url, async (request) => {
      const id = existingSessionOf(request, service.sessions);
      if (!id) return EMPTY_ENVELOPE;
      await sessions.clear(id);
      return sessions.data(id);
    });
  }

  for (const url of ['/session/input-files', '/input-files']) {
    app.post(url, async (request, reply) => addingToSession(request, reply, service.sessions, async (openSession) => {
      const { files } = await readBody(request);
      return checksummed(await sessions.addFiles(openSession(), files, clientGoneSignal(reply)));
    }));
  }

  app.post('/session/input-solc-json', async (request, reply) => addingToSession(request, reply, service.sessions, async (openSession) => {
    const { fields, files } = await readBody(request);
    const compilerVersion = requiredString(fields, 'compilerVersion');
    return checksummed(await sessions.addSolcJson(openSession(), Object.fromEntries(files.map((f) => [f.path, f.content.toString('utf8')])), compilerVersion, clientGoneSignal(reply)));
  }));

  // The contract deployed at an address, by the metadata its bytecode names (deployed-contract-metadata.ts).
  app.post('/session/input-contract', async (request, reply) => {
    const fields = await readFields(request);
    const address = requiredAddress(fields);
    const chainId = requiredTargetChain(fields);
    // A session is opened only once there is something to hold: a refusal leaves none behind.
    return addingToSession(request, reply, service.sessions, async (openSession) =>
      checksummed(await sessions.addFound(existingSessionOf(request, service.sessions), openSession, (held) => deployedContractFiles(service, chainId, address, held))));
  });

  for (const url of ['/session/verify-checked', '/session/verify-validated', '/verify-validated']) {
    app.post(url, async (request) => {
      const dryRun = dryRunOf(request.query);
      const body = await readFields(request);
      if (!Array.isArray(body.contracts)) throw new VerifyError('bad_request', 'contracts must be an array of {verificationId, address, chainId, creatorTxHash?}');
      const requests: CheckedContractRequest[] = body.contracts.map((entry) => {
        const fields = asObject(entry);
        return { verificationId: requiredString(fields, 'verificationId'), address: requiredAddress(fields), chainId: requiredChainId(fields, 'chainId'), creatorTxHash: optionalTxHash(fields) };
      });
      // Sourcify's request validation refuses a chain it does not verify on before anything is done.
      for (const { chainId } of requests) service.chains.requireSupported(chainId);
      const id = existingSessionOf(request, service.sessions);
      if (!id) {
        if (requests.length > 0) throw new UnknownVerificationIdError(requests[0]!.verificationId);
        return EMPTY_ENVELOPE;
      }
      return checksummed(await sessions.verifyChecked(id, requests, { dryRun }));
    });
  }

  for (const url of ['/session/verify/explorer', '/session/verify/etherscan']) {
    app.post(url, async (request, reply) => {
      const fields = await readFields(request);
      const address = requiredAddress(fields);
      const chainId = requiredTargetChain(fields);
      // As Sourcify's, a chain not verified on here is refused before the explorer is asked.
      service.chains.requireSupported(chainId);
      // The apiKey is read here and handed to the one explorer request; it is not kept anywhere.
      const apiKey = typeof fields.apiKey === 'string' ? fields.apiKey : '';
      return addingToSession(request, reply, service.sessions, async (openSession) => checksummed(await sessions.importFromExplorer(openSession, address, chainId, apiKey)));
    });
  }
}

/**
 * Sourcify's `dryrun` query flag: verify, but store nothing in the repository. `true`/`1` (or the
 * bare flag) turn it on; `false`/`0` or its absence leave it off.
 */
function dryRunOf(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.dryrun;
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  throw new VerifyError('bad_request', 'dryrun must be true or false');
}

/** The session with each contract's address in EIP-55 checksum form (lookups stay case-insensitive: addresses are kept lower-case). */
function checksummed(envelope: SessionEnvelope<SessionContractEntry>): SessionEnvelope<SessionContractEntry> {
  return { ...envelope, contracts: envelope.contracts.map((entry) => (entry.address ? { ...entry, address: checksumAddress(entry.address) } : entry)) };
}
