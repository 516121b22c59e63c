import type { FastifyInstance } from 'fastify';
import type { VerifyService } from '../verify-service.ts';
import { checkFileName } from './request-fields.ts';
import { invalidParameter, V2Error } from './sourcify-v2-errors.ts';
import { v2Address, v2ChainId } from './v2-params.ts';
import { metadataWork, standardJsonWork, startVerifyJob, type JsonInput } from './v2-verify-jobs.ts';
import type { VerificationJobs } from './verification-jobs.ts';

/** A job id: a UUID, in any case, as Sourcify compares them (ids are issued and kept lower-case here). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

type Body = Record<string, unknown>;

/**
 * Sourcify APIv2's verification: `POST /v2/verify/{chainId}/{address}` (standard JSON input),
 * `POST /v2/verify/metadata/{chainId}/{address}` (metadata and sources), each answered 202 with
 * a `verificationId`, and `GET /v2/verify/{verificationId}` for the job. Requests are checked in
 * Sourcify's order and words; the job runs the same engine as `/verify` and `/verify/solc-json`.
 */
export function registerV2VerifyRoutes(app: FastifyInstance, service: VerifyService, jobs: VerificationJobs): void {
  app.post('/v2/verify/:chainId/:address', async (request, reply) => {
    const { chainId, address } = verifyTarget(request.params, service);
    const body = bodyOf(request.body);
    const input = standardJsonInput(body.stdJsonInput);
    const contract = contractIdentifier(body.contractIdentifier);
    const compilerVersion = requiredText(body.compilerVersion, 'Compiler version is required');
    const target = { chainId, address, creatorTxHash: creationTransactionHash(body.creationTransactionHash) };
    const id = startVerifyJob(service, jobs, target, standardJsonWork(service, input, compilerVersion, contract, target));
    return reply.code(202).send({ verificationId: id });
  });

  app.post('/v2/verify/metadata/:chainId/:address', async (request, reply) => {
    const { chainId, address } = verifyTarget(request.params, service);
    const body = bodyOf(request.body);
    const metadata = checkedMetadata(body.metadata);
    const sources = checkedSources(body.sources);
    const target = { chainId, address, creatorTxHash: creationTransactionHash(body.creationTransactionHash) };
    const id = startVerifyJob(service, jobs, target, metadataWork(service, metadata, sources, target));
    return reply.code(202).send({ verificationId: id });
  });

  app.get('/v2/verify/:verificationId', async (request) => {
    const { verificationId } = request.params as { verificationId: string };
    if (!UUID.test(verificationId)) throw invalidParameter(`verificationId must be a verification job id (a UUID), not "${verificationId.slice(0, 80)}"`);
    const job = jobs.get(verificationId.toLowerCase());
    if (!job) throw new V2Error(404, 'job_not_found', `No verification job found for id ${verificationId}`);
    return job;
  });
}

/** The path's chain (one configured for verification, else 404) and address. */
function verifyTarget(params: unknown, service: VerifyService): { chainId: string; address: string } {
  const p = params as { chainId: string; address: string };
  const chainId = v2ChainId(p.chainId, service.chains.supported());
  const address = v2Address(p.address);
  return { chainId, address };
}

function bodyOf(body: unknown): Body {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

function requiredText(value: unknown, missing: string): string {
  if (value === undefined || value === null || value === '') throw invalidParameter(missing);
  if (typeof value !== 'string') throw invalidParameter(`${missing.replace(/ is required\.?$/, '')} must be a string`);
  return value;
}

function creationTransactionHash(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !TX_HASH.test(value)) throw invalidParameter('creationTransactionHash must be a 0x-prefixed 32-byte hex transaction hash');
  return value.toLowerCase();
}

/**
 * Sourcify's validateStandardJsonInput, in its words, and settings an object (Sourcify's job would
 * fail on others with internal_error). The explorer import holds the explorer's input to it too.
 */
export function standardJsonInput(value: unknown): JsonInput {
  if (!value) throw invalidParameter('Standard JSON input is required.');
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter('Standard JSON input must be a JSON object.');
  const input = value as { language?: unknown; sources?: unknown };
  if (!input.language) throw invalidParameter('Standard JSON input must contain a language field.');
  if (!input.sources || typeof input.sources !== 'object' || Array.isArray(input.sources)) throw invalidParameter('Standard JSON input must contain a sources field.');
  if (Object.values(input.sources).some((source) => typeof (source as { content?: unknown } | null)?.content !== 'string')) {
    throw invalidParameter('Standard JSON input must contain a content field for each source.');
  }
  // The compiler's settings are solc's to judge, but not being an object at all is the request's fault, known now.
  const { settings } = value as { settings?: unknown };
  if (settings !== undefined && settings !== null && (typeof settings !== 'object' || Array.isArray(settings))) {
    throw invalidParameter('The settings of the standard JSON input must be a JSON object.');
  }
  return value as JsonInput;
}

/** `path:Name`; the path may itself hold colons (`project:/contracts/A.sol:A`), the name is after the last. */
function contractIdentifier(value: unknown): { path: string; name: string } {
  const identifier = requiredText(value, 'Contract identifier is required');
  const cut = identifier.lastIndexOf(':');
  if (cut <= 0 || cut === identifier.length - 1) {
    throw invalidParameter("The contractIdentifier must consist of the file path and the contract name separated by a ':'.");
  }
  return { path: identifier.slice(0, cut), name: identifier.slice(cut + 1) };
}

interface MetadataInput {
  language?: unknown;
  compiler?: { version?: unknown };
  settings?: { compilationTarget?: unknown };
  sources?: unknown;
}

/** Sourcify's validateMetadata, in its words. */
function checkedMetadata(value: unknown): MetadataInput {
  if (!value) throw invalidParameter('Metadata is required.');
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter('Metadata must be a JSON object (the parsed metadata.json).');
  const metadata = value as MetadataInput;
  if (!metadata.compiler) throw invalidParameter('Metadata must contain a compiler field.');
  if (!metadata.compiler.version) throw invalidParameter('Metadata must contain a compiler.version field.');
  if (!metadata.language) throw invalidParameter('Metadata must contain a language field.');
  if (!metadata.settings) throw invalidParameter('Metadata must contain a settings field.');
  if (!metadata.settings.compilationTarget) throw invalidParameter('Metadata must contain a settings.compilationTarget field.');
  if (!metadata.sources) throw invalidParameter('Metadata must contain a sources field.');
  return metadata;
}

/** The `sources` object (path → content), each path a relative one. */
function checkedSources(value: unknown): Array<{ path: string; buffer: Buffer }> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidParameter('Sources are required: an object mapping each source path to its content.');
  return Object.entries(value as Record<string, unknown>).map(([path, content]) => {
    if (typeof content !== 'string') throw invalidParameter(`sources["${path.slice(0, 120)}"] must be a string (the file's content)`);
    // A bad path is a VerifyError 400, which the v2 error handler answers as invalid_parameter.
    return { path: checkFileName(path), buffer: Buffer.from(content, 'utf8') };
  });
}
