import type { FastifyInstance } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { SessionService, type CheckedContractRequest } from '../sessions/session-service.ts';
import type { VerifyService } from '../verify-service.ts';
import { isMultipart, readMultipartBody } from './multipart-body.ts';
import { asObject, requiredAddress, requiredChainId, requiredFiles, requiredString, optionalTxHash, type Fields } from './request-fields.ts';
import { sessionOf } from './session-cookie.ts';

/** The session operations of interface B, the session named by its HttpOnly cookie. */
export function registerSessionRoutes(app: FastifyInstance, service: VerifyService): void {
  const sessions = new SessionService(service);

  app.get('/session/data', async (request, reply) => sessions.data(sessionOf(request, reply, service.sessions)));

  app.post('/session/clear', async (request, reply) => {
    // One lookup: without a cookie, a second one would open a second session.
    const id = sessionOf(request, reply, service.sessions);
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
    app.post(url, async (request, reply) => {
      const id = sessionOf(request, reply, service.sessions);
      const body = asObject(request.body);
      if (!Array.isArray(body.contracts)) throw new VerifyError('bad_request', 'contracts must be an array of {verificationId, address, chainId, creatorTxHash?}');
      const requests: CheckedContractRequest[] = body.contracts.map((entry) => {
        const fields = asObject(entry);
        return { verificationId: requiredString(fields, 'verificationId'), address: requiredAddress(fields), chainId: requiredChainId(fields, 'chainId'), creatorTxHash: optionalTxHash(fields) };
      });
      return sessions.verifyChecked(id, requests);
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

function withFiles(fields: Fields): { fields: Fields; files: Array<{ path: string; content: Buffer }> } {
  return { fields, files: requiredFiles(fields) };
}
