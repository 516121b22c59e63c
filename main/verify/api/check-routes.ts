import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { checksumAddress, parseAddress } from '../engine/evm-address.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import type { VerifyService } from '../verify-service.ts';
import { chainList, knownChainIds } from './known-chains.ts';

const MAX_ADDRESSES = 200;

/**
 * Sourcify's check operations, answered from the repository. `/check-by-addresses` looks for
 * perfect matches only (a contract stored as a partial match reads "false" there, as on Sourcify);
 * `/check-all-by-addresses` reports perfect and partial matches, chain by chain.
 */
export function registerCheckRoutes(app: FastifyInstance, service: VerifyService): void {
  const listing = service.listing;

  const checkByAddresses = async (request: FastifyRequest) => {
    const { addresses, chainIds } = parseCheckQuery(request.query, knownChainIds(service, listing));
    return addresses.map((address) => {
      const perfect = verifiedOn(service, address, chainIds).filter((r) => r.status === 'perfect');
      if (perfect.length === 0) return { address: checksumAddress(address), status: 'false' };
      return { address: checksumAddress(address), status: 'perfect', chainIds: perfect.map((r) => r.chainId) };
    });
  };

  const checkAllByAddresses = async (request: FastifyRequest) => {
    const { addresses, chainIds } = parseCheckQuery(request.query, knownChainIds(service, listing));
    return addresses.map((address) => {
      const found = verifiedOn(service, address, chainIds);
      if (found.length === 0) return { address: checksumAddress(address), status: 'false' };
      return { address: checksumAddress(address), chainIds: found.map((r) => ({ chainId: r.chainId, status: r.status })) };
    });
  };

  // Each also under its older name, which Sourcify still serves (its deprecated routes).
  for (const url of ['/check-by-addresses', '/checkByAddresses']) app.get(url, checkByAddresses);
  for (const url of ['/check-all-by-addresses', '/checkAllByAddresses']) app.get(url, checkAllByAddresses);
}

/**
 * `addresses` and `chainIds`, each one comma-separated list (Sourcify's parameters are strings: a
 * parameter given twice is refused there too, here with words saying how to write it). Chains not
 * known here are a 400, as on Sourcify. An address given twice is answered once.
 */
function parseCheckQuery(query: unknown, known: readonly string[]): { addresses: string[]; chainIds: string[] } {
  const q = (query ?? {}) as Record<string, unknown>;
  const addressesText = listParam(q.addresses, 'addresses', 'a comma-separated list of 0x addresses');
  const chainIdsText = listParam(q.chainIds, 'chainIds', 'a comma-separated list of chain ids');
  const addresses = [...new Set(addressesText.split(',').map((text) => {
    const address = parseAddress(text);
    if (!address) throw new VerifyError('bad_request', `invalid address "${text.slice(0, 80)}" in addresses`);
    return address;
  }))];
  if (addresses.length > MAX_ADDRESSES) throw new VerifyError('bad_request', `at most ${MAX_ADDRESSES} addresses per request`);
  const chainIds = chainIdsText.split(',').map((text) => {
    if (!/^\d{1,18}$/.test(text.trim())) throw new VerifyError('bad_request', `invalid chain id "${text.slice(0, 40)}" in chainIds`);
    return text.trim();
  });
  const unknown = chainIds.filter((chainId) => !known.includes(chainId));
  if (unknown.length > 0) throw new VerifyError('bad_request', `Invalid chainIds: ${unknown.join(', ')} (this verifier knows chains ${chainList(known)})`);
  return { addresses, chainIds };
}

function listParam(value: unknown, name: string, form: string): string {
  if (Array.isArray(value)) {
    throw new VerifyError('bad_request', `${name} was given ${value.length} times: give it once, as ${form} (${name}=${value.map(String).join(',').slice(0, 120)})`);
  }
  if (typeof value !== 'string' || !value) throw new VerifyError('bad_request', `${name} is required: ${form}`);
  return value;
}

function verifiedOn(service: VerifyService, address: string, chainIds: string[]): VerifiedRecord[] {
  return service.repository.byAddress(address).filter((r) => chainIds.includes(r.chainId));
}
