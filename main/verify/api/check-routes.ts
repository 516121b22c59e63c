import type { FastifyInstance } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { checksumAddress, parseAddress } from '../engine/evm-address.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import type { VerifyService } from '../verify-service.ts';
import { v2Match } from './result-entry.ts';

const MAX_ADDRESSES = 200;

/**
 * What is verified, answered from the repository: Sourcify's check operations, the verified files
 * of a contract, and its v2 contract lookup (runtime and creation match separately).
 */
export function registerCheckRoutes(app: FastifyInstance, service: VerifyService): void {
  app.get('/check-by-addresses', async (request) => {
    const { addresses, chainIds } = parseCheckQuery(request.query);
    return addresses.map((address) => {
      const found = verifiedOn(service, address, chainIds);
      if (found.length === 0) return { address: checksumAddress(address), status: 'false' };
      const perfect = found.filter((r) => r.status === 'perfect');
      const shown = perfect.length > 0 ? perfect : found;
      return { address: checksumAddress(address), status: shown[0]!.status, chainIds: shown.map((r) => r.chainId) };
    });
  });

  app.get('/check-all-by-addresses', async (request) => {
    const { addresses, chainIds } = parseCheckQuery(request.query);
    return addresses.map((address) => {
      const found = verifiedOn(service, address, chainIds);
      if (found.length === 0) return { address: checksumAddress(address), status: 'false' };
      return { address: checksumAddress(address), chainIds: found.map((r) => ({ chainId: r.chainId, status: r.status })) };
    });
  });

  for (const [url, fullOnly] of [['/files/any/:chain/:address', false], ['/files/:chain/:address', true]] as const) {
    app.get(url, async (request, reply) => {
      const { chain, address } = contractParams(request.params);
      const record = service.repository.get(chain, address);
      const files = record && (!fullOnly || record.status === 'perfect') ? service.repository.files(chain, address) : null;
      if (!record || !files) return reply.code(404).send({ error: 'Files have not been found!' });
      const base = `contracts/${record.status === 'perfect' ? 'full_match' : 'partial_match'}/${chain}/${checksumAddress(address)}`;
      const list = [
        ...(files.metadata ? [{ name: 'metadata.json', path: `${base}/metadata.json`, content: files.metadata }] : []),
        ...Object.entries(files.sources).map(([path, content]) => ({ name: path.split('/').pop() ?? path, path: `${base}/sources/${path}`, content })),
      ];
      return fullOnly ? list : { status: record.status === 'perfect' ? 'full' : 'partial', files: list };
    });
  }

  app.get('/v2/contract/:chain/:address', async (request, reply) => {
    const { chain, address } = contractParams(request.params);
    const record = service.repository.get(chain, address);
    if (!record) return reply.code(404).send({ error: `contract ${checksumAddress(address)} on chain ${chain} is not verified` });
    return {
      match: v2Match(record.status),
      creationMatch: v2Match(record.creationMatch),
      runtimeMatch: v2Match(record.runtimeMatch),
      chainId: record.chainId,
      address: checksumAddress(record.address),
      verifiedAt: record.verifiedAt,
      matchId: record.verificationId,
    };
  });
}

function parseCheckQuery(query: unknown): { addresses: string[]; chainIds: string[] } {
  const q = (query ?? {}) as Record<string, unknown>;
  if (typeof q.addresses !== 'string' || !q.addresses) throw new VerifyError('bad_request', 'addresses is required: a comma-separated list of 0x addresses');
  if (typeof q.chainIds !== 'string' || !q.chainIds) throw new VerifyError('bad_request', 'chainIds is required: a comma-separated list of chain ids');
  const addresses = q.addresses.split(',').map((text) => {
    const address = parseAddress(text);
    if (!address) throw new VerifyError('bad_request', `invalid address "${text.slice(0, 80)}" in addresses`);
    return address;
  });
  if (addresses.length > MAX_ADDRESSES) throw new VerifyError('bad_request', `at most ${MAX_ADDRESSES} addresses per request`);
  const chainIds = q.chainIds.split(',').map((text) => {
    if (!/^\d{1,18}$/.test(text.trim())) throw new VerifyError('bad_request', `invalid chain id "${text.slice(0, 40)}" in chainIds`);
    return text.trim();
  });
  return { addresses, chainIds };
}

function verifiedOn(service: VerifyService, address: string, chainIds: string[]): VerifiedRecord[] {
  return service.repository.byAddress(address).filter((r) => chainIds.includes(r.chainId));
}

function contractParams(params: unknown): { chain: string; address: string } {
  const { chain, address } = params as { chain: string; address: string };
  if (!/^\d{1,18}$/.test(chain)) throw new VerifyError('bad_request', `chain must be a decimal chain id, not "${chain.slice(0, 40)}"`);
  const parsed = parseAddress(address);
  if (!parsed) throw new VerifyError('bad_request', `address must be a 0x-prefixed 40-digit hex address, not "${address.slice(0, 80)}"`);
  return { chain, address: parsed };
}
