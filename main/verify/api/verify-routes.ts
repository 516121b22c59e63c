import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import type { VerifyService } from '../verify-service.ts';
import { readBody } from './request-body.ts';
import { optionalString, optionalTxHash, requiredAddress, requiredString, requiredTargetChain, type Fields } from './request-fields.ts';
import { verifyResultEntry } from './result-entry.ts';

/**
 * `POST /verify` (metadata and sources) and `POST /verify/solc-json`, JSON, multipart or a form.
 * `POST /` is `/verify` too, as Sourcify serves it: older Foundry versions post to the server's
 * base URL. The chain is `chain` or `chainId` (requiredTargetChain).
 */
export function registerVerifyRoutes(app: FastifyInstance, service: VerifyService): void {
  const verifyFiles = async (request: FastifyRequest) => {
    const { fields, files } = await readBody(request);
    const target = { chainId: requiredTargetChain(fields), address: requiredAddress(fields), creatorTxHash: optionalTxHash(fields) };
    const outcome = await service.verifyFiles(files.map((f) => ({ path: f.path, buffer: f.content })), target, chosenContractOf(fields));
    return { result: [verifyResultEntry(outcome, Boolean(target.creatorTxHash))] };
  };
  app.post('/verify', verifyFiles);
  app.post('/', verifyFiles);

  app.post('/verify/solc-json', async (request) => {
    const { fields, files } = await readBody(request);
    const target = { chainId: requiredTargetChain(fields), address: requiredAddress(fields), creatorTxHash: optionalTxHash(fields) };
    const compilerVersion = requiredString(fields, 'compilerVersion');
    const contractName = requiredString(fields, 'contractName');
    const inputFile = standardJsonInputOf(files);
    let input: unknown;
    try {
      input = JSON.parse(inputFile.content.toString('utf8'));
    } catch {
      throw new VerifyError('bad_request', `${inputFile.path} is not valid JSON`);
    }
    const outcome = await service.verifySolcJson(input, compilerVersion, { name: contractName }, target);
    return { result: [verifyResultEntry(outcome, Boolean(target.creatorTxHash))] };
  });
}

/** `chosenContract`: an index (a number in JSON, digits in a form) or a contract name; undefined when not given. */
function chosenContractOf(fields: Fields): string | undefined {
  const value = fields.chosenContract;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return optionalString(fields, 'chosenContract') ?? undefined;
}

/**
 * The standard JSON input among the uploaded files: the one file sent, whatever its name (as
 * Sourcify takes it), or among several the one named `*.json`.
 */
function standardJsonInputOf<T extends { path: string }>(files: T[]): T {
  if (files.length === 1) return files[0]!;
  const named = files.filter((f) => f.path.toLowerCase().endsWith('.json'));
  if (named.length === 1) return named[0]!;
  throw new VerifyError('bad_request', `files must hold one standard JSON input: of the ${files.length} files sent, ${named.length} are named *.json`);
}
