import type { FastifyInstance } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { EMPTY_ENVELOPE, SessionService, UnknownVerificationIdError, type CheckedContractRequest } from '../sessions/session-service.ts';
import type { VerifyService } from '../verify-service.ts';
import { isMultipart, readMultipartBody } from './multipart-body.ts';
import { asObject, requiredAddress, requiredChainId, requiredFiles, requiredString, optionalTxHash, type Fields } from './request-fields.ts';
import { existingSessionOf, sessionOf } from './session-cookie.ts';

/**
 * The session operations of interface B, the session named by its HttpOnly cookie. Only adding
 * files opens a session; reading, clearing or verifying without one answers as an empty session.
 */
export function registerSessionRoutes(app: FastifyInstance, service: VerifyService): void {
  const sessions = new SessionService(service);

  app.get('/session/data', async (request) => {
    const id = existingSessionOf(request, service.sessions);
    return id ? sessions.data(id) : EMPTY_ENVELOPE;
  });

  app.post('/session/clear', async (request) => {
    const id = existingSessionOf(request, service.sessions);
    if (!id) return EMPTY_ENVELOPE;
    sessions.clear(id);
    return sessions.data(id);
  });

  app.post('/session/input-files', async (request, reply) => {
    const id = sessionOf(request, reply, service.sessions);
    const files = isMultipart(request) ? (await readMultipartBody(request)).files : requiredFiles(asObject(request.body));
    if (files.length === 0) throw new VerifyError('bad_request', 'files is empty: upload at least one file');
    return sessions.addFiles(id, files);
  });

  app.post('/session/input-solc-json', async (request, reply) => {
    const id = sessionOf(request, reply, service.sessions);
    const { fields, files } = isMultipart(request) ? await readMultipartBody(request) : withFiles(asObject(request.body));
    const compilerVersion = requiredString(fields, 'compilerVersion');
    return sessions.addSolcJson(id, Object.fromEntries(files.map((f) => [f.path, f.content.toString('utf8')])), compilerVersion);
  });

  for (const url of ['/session/verify-checked', '/session/verify-validated']) {
    app.post(url, async (request) => {
      const dryRun = dryRunOf(request.query);
      const body = asObject(request.body);
      if (!Array.isArray(body.contracts)) throw new VerifyError('bad_request', 'contracts must be an array of {verificationId, address, chainId, creatorTxHash?}');
      const requests: CheckedContractRequest[] = body.contracts.map((entry) => {
        const fields = asObject(entry);
        return { verificationId: requiredString(fields, 'verificationId'), address: requiredAddress(fields), chainId: requiredChainId(fields, 'chainId'), creatorTxHash: optionalTxHash(fields) };
      });
      // Sourcify's request validation refuses a chain it does not verify on before anything is done.
      for (const { chainId } of requests) service.chains.chain(chainId);
      const id = existingSessionOf(request, service.sessions);
      if (!id) {
        if (requests.length > 0) throw new UnknownVerificationIdError(requests[0]!.verificationId);
        return EMPTY_ENVELOPE;
      }
      return sessions.verifyChecked(id, requests, { dryRun });
    });
  }

  for (const url of ['/session/verify/explorer', '/session/verify/etherscan']) {
    app.post(url, async (request, reply) => {
      const id = sessionOf(request, reply, service.sessions);
      const body = asObject(request.body);
      // The apiKey is read here and handed to the one explorer request; it is not kept anywhere.
      const apiKey = typeof body.apiKey === 'string' ? body.apiKey : '';
      return sessions.importFromExplorer(id, requiredAddress(body), requiredChainId(body, 'chainId'), apiKey);
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

function withFiles(fields: Fields): { fields: Fields; files: Array<{ path: string; content: Buffer }> } {
  return { fields, files: requiredFiles(fields) };
}
