import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { checksumAddress, parseAddress } from '../engine/evm-address.ts';
import type { ChainListing, ListedMatch, RepositoryListing } from '../repository/repository-listing.ts';
import { contractFolder, folderMatch, storedContractFiles, type StoredFile } from '../repository/stored-contract-files.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import type { VerifyService } from '../verify-service.ts';
import { chainList, knownChainIds } from './known-chains.ts';

/** Sourcify lists at most this many addresses unpaginated, and pages of at most this many. */
const MAX_LISTED = 200;
const NO_FILES = 'Files have not been found!';

/**
 * Sourcify's repository routes over the verified repository: a contract's files with their
 * contents (`/files/any`, `/files`), their URLs (`/files/tree/any`, `/files/tree`), the addresses
 * verified on a chain (`/files/contracts`, paginated under `full`, `partial`, `any`), and each file
 * raw (`/repository/contracts/{full_match|partial_match}/…`), where the tree's URLs point.
 * The routes without `any` answer full (perfect) matches only, as Sourcify's.
 */
export function registerRepositoryRoutes(app: FastifyInstance, service: VerifyService, listing: RepositoryListing): void {
  const contract = (request: FastifyRequest) => storedContract(request.params, service, listing);

  // The files with their contents, or as URLs (`tree`); under `any` with the match they are, else perfect matches only.
  const listings = [['/files', (found: FoundContract) => withContents(found)], ['/files/tree', (found: FoundContract, request: FastifyRequest) => fileUrls(found, serverUrl(request))]] as const;
  for (const [base, filesOf] of listings) {
    app.get(`${base}/any/:chain/:address`, async (request, reply) => {
      const found = contract(request);
      if (!found) return reply.code(404).send({ error: NO_FILES });
      return { status: found.record.status === 'perfect' ? 'full' : 'partial', files: filesOf(found, request) };
    });
    app.get(`${base}/:chain/:address`, async (request, reply) => {
      const found = contract(request);
      if (!found || found.record.status !== 'perfect') return reply.code(404).send({ error: NO_FILES });
      return filesOf(found, request);
    });
  }

  app.get('/files/contracts/:chain', async (request, reply) => {
    const chainId = knownChain((request.params as { chain: string }).chain, service, listing);
    // The verifications that count are found once (a read of each address's code on a local chain).
    const chain = listing.chain(chainId);
    const counts = chain.counts();
    if (counts.full === 0 && counts.partial === 0) return reply.code(404).send({ error: 'Contracts have not been found!' });
    if (counts.full > MAX_LISTED || counts.partial > MAX_LISTED) {
      throw new VerifyError('bad_request', `Cannot fetch more than ${MAX_LISTED} contracts (${counts.full} full matches, ${counts.partial} partial matches), please use /files/contracts/{full|any|partial}/${chainId} with pagination`);
    }
    const page = { offset: 0, limit: MAX_LISTED };
    return {
      full: chain.addresses('full_match', page).map(checksumAddress),
      partial: chain.addresses('partial_match', page).map(checksumAddress),
    };
  });

  for (const [segment, match] of [['full', 'full_match'], ['partial', 'partial_match'], ['any', 'any_match']] as const) {
    app.get(`/files/contracts/${segment}/:chain`, async (request) => {
      const chainId = knownChain((request.params as { chain: string }).chain, service, listing);
      return paginated(listing.chain(chainId), match, request.query);
    });
  }

  app.get('/repository/contracts/:match/:chain/:address/*', async (request, reply) => {
    const params = request.params as { match: string; chain: string; address: string; '*': string };
    if (params.match !== 'full_match' && params.match !== 'partial_match') {
      throw new VerifyError('bad_request', `the match folder must be full_match or partial_match, not "${params.match.slice(0, 40)}"`);
    }
    const found = contract(request);
    const file = found && folderMatch(found.record.status) === params.match ? found.files.find((f) => f.path === params['*']) : undefined;
    if (!found || !file) return reply.code(404).send({ error: `No file ${params['*'].slice(0, 200)} in ${params.match}/${params.chain}/${params.address.slice(0, 42)}` });
    return sendRawFile(reply, file);
  });
}

interface FoundContract {
  record: VerifiedRecord;
  files: StoredFile[];
}

function storedContract(params: unknown, service: VerifyService, listing: RepositoryListing): FoundContract | null {
  const { chain, address: text } = params as { chain: string; address: string };
  const chainId = knownChain(chain, service, listing);
  const address = parseAddress(text);
  if (!address) throw new VerifyError('bad_request', `address must be a 0x-prefixed 40-digit hex address, not "${text.slice(0, 80)}"`);
  const record = service.repository.get(chainId, address);
  const stored = record ? service.repository.files(chainId, address) : null;
  return record && stored ? { record, files: storedContractFiles(record, stored) } : null;
}

/** A chain id the repository routes accept: a decimal id of a chain configured here or with contracts stored (else 400, as Sourcify). */
function knownChain(text: string, service: VerifyService, listing: RepositoryListing): string {
  if (!/^\d{1,18}$/.test(text)) throw new VerifyError('bad_request', `chain must be a decimal chain id, not "${text.slice(0, 40)}"`);
  const known = knownChainIds(service, listing);
  if (!known.includes(text)) throw new VerifyError('bad_request', `chain ${text} is not known here: this verifier knows chains ${chainList(known)}`);
  return text;
}

function withContents({ record, files }: FoundContract): Array<{ name: string; path: string; content: string }> {
  const folder = contractFolder(record);
  return files.map((file) => ({ name: file.path.split('/').pop() ?? file.path, path: `${folder}/${file.path}`, content: file.content }));
}

/** Each file's URL under `/repository/`, path segments escaped so that any source name reads back. */
function fileUrls({ record, files }: FoundContract, base: string): string[] {
  const folder = contractFolder(record);
  return files.map((file) => `${base}/repository/${folder}/${file.path.split('/').map(encodeURIComponent).join('/')}`);
}

/** This server as the client reached it (the Host header, which the host check keeps to loopback names). */
function serverUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * A stored file as Sourcify serves it: JSON documents (metadata.json, library-map.json) as
 * application/json, everything else as text. Sourcify sends sources as text/html; here they are
 * text/plain with nosniff, so that a source file is never run as a page on the verifier's origin.
 */
function sendRawFile(reply: FastifyReply, file: StoredFile): FastifyReply {
  let isJson = false;
  try {
    const parsed = JSON.parse(file.content) as unknown;
    isJson = parsed !== null && typeof parsed === 'object';
  } catch {
    isJson = false;
  }
  reply.header('x-content-type-options', 'nosniff');
  reply.type(isJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
  return reply.send(file.content);
}

/** Sourcify's paginated address list: `page` from 0, `limit` 1 to 200 (default 200), `order` asc (default) or desc. */
function paginated(chain: ChainListing, match: ListedMatch, query: unknown): Record<string, unknown> {
  const q = (query ?? {}) as Record<string, unknown>;
  const page = wholeNumber(q.page, 0, Math.floor(Number.MAX_SAFE_INTEGER / MAX_LISTED), 0, 'page must be a whole number, 0 for the first page');
  const limit = wholeNumber(q.limit, 1, MAX_LISTED, MAX_LISTED, `limit must be a whole number from 1 to ${MAX_LISTED}`);
  if (q.order !== undefined && q.order !== 'asc' && q.order !== 'desc') throw new VerifyError('bad_request', 'order must be asc or desc');
  const results = chain.addresses(match, { offset: page * limit, limit, descending: q.order === 'desc' }).map(checksumAddress);
  const counts = chain.counts();
  const totalResults = match === 'full_match' ? counts.full : match === 'partial_match' ? counts.partial : counts.full + counts.partial;
  return {
    pagination: {
      currentPage: page,
      resultsPerPage: limit,
      resultsCurrentPage: results.length,
      totalResults,
      totalPages: Math.ceil(totalResults / limit),
      hasNextPage: results.length > 0 && page * limit + results.length < totalResults,
      hasPreviousPage: results.length > 0 && page > 0,
    },
    results,
  };
}

function wholeNumber(value: unknown, min: number, max: number, fallback: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) throw new VerifyError('bad_request', message);
  return number;
}
