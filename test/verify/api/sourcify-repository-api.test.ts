import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageModifiedUpload, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify's check and repository routes over a real verify server on loopback (a JSON-RPC test
// chain 31337 holding the Storage fixture), read the way Sourcify clients read them.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const FOLDER = `contracts/full_match/31337/${CHECKSUMMED}`;

describe('Sourcify check and repository routes', () => {
  let harness: VerifyHarness;
  beforeEach(async () => {
    harness = await startVerifyHarness();
  });
  afterEach(async () => harness.close());

  const get = async (path: string) => {
    const response = await fetch(`${harness.baseUrl}${path}`);
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), text, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined };
  };
  /** Storage verified perfectly, its creation transaction known. */
  const verifyPerfect = async () => {
    const { status, body } = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload(), creatorTxHash: storageDeployment().txHash });
    expect(body.result[0].status).toBe('perfect');
    expect(status).toBe(200);
  };
  /** StorageModified: the same bytecode under another metadata, so the address is stored as a partial match only. */
  const verifyPartialOnly = async () => {
    const { body } = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageModifiedUpload() });
    expect(body.result[0].status).toBe('partial');
  };

  describe('check-by-addresses and check-all-by-addresses', () => {
    it('check-by-addresses looks for perfect matches only: a contract stored as a partial match reads "false" there, partial in check-all', async () => {
      await verifyPartialOnly();
      expect((await get(`/check-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).body).toEqual([{ address: CHECKSUMMED, status: 'false' }]);
      expect((await get(`/check-all-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).body).toEqual([{ address: CHECKSUMMED, chainIds: [{ chainId: '31337', status: 'partial' }] }]);
    });

    it('reports a perfect match in both, and an address given twice once', async () => {
      await verifyPerfect();
      expect((await get(`/check-by-addresses?addresses=${ADDRESS},${CHECKSUMMED}&chainIds=31337`)).body).toEqual([{ address: CHECKSUMMED, status: 'perfect', chainIds: ['31337'] }]);
      expect((await get(`/check-all-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).body).toEqual([{ address: CHECKSUMMED, chainIds: [{ chainId: '31337', status: 'perfect' }] }]);
    });

    it.each(['check-by-addresses', 'check-all-by-addresses'])('%s: a parameter given twice is a 400 saying to give it once as a list, not "is required"', async (route) => {
      const chains = await get(`/${route}?addresses=${ADDRESS}&chainIds=31337&chainIds=31337`);
      expect(chains).toMatchObject({ status: 400, body: { error: 'chainIds was given 2 times: give it once, as a comma-separated list of chain ids (chainIds=31337,31337)' } });
      const addresses = await get(`/${route}?addresses=${ADDRESS}&addresses=${ADDRESS}&chainIds=31337`);
      expect(addresses.status).toBe(400);
      expect(addresses.body.error).toMatch(/^addresses was given 2 times: give it once, as a comma-separated list of 0x addresses/);
    });

    it.each(['check-by-addresses', 'check-all-by-addresses'])('%s: chains not known here are a 400 naming them, as on Sourcify', async (route) => {
      const response = await get(`/${route}?addresses=${ADDRESS}&chainIds=31337,1,5`);
      expect(response).toMatchObject({ status: 400, body: { error: 'Invalid chainIds: 1, 5 (this verifier knows chains 31337)' } });
    });
  });

  describe('files, file trees and raw files', () => {
    it('lists a perfect match as Sourcify does: sources first, then metadata and creator-tx-hash.txt, in the full_match folder', async () => {
      await verifyPerfect();
      const any = await get(`/files/any/31337/${ADDRESS}`);
      expect(any.body.status).toBe('full');
      expect(any.body.files.map((f: { path: string }) => f.path)).toEqual([
        `${FOLDER}/sources/project:/contracts/Storage.sol`, `${FOLDER}/metadata.json`, `${FOLDER}/creator-tx-hash.txt`,
      ]);
      expect(any.body.files[2]).toEqual({ name: 'creator-tx-hash.txt', path: `${FOLDER}/creator-tx-hash.txt`, content: storageDeployment().txHash });
    });

    it('answers the file trees with URLs that serve each file raw, JSON as application/json and sources as plain text', async () => {
      await verifyPerfect();
      const tree = await get(`/files/tree/31337/${ADDRESS}`);
      expect(tree.status).toBe(200);
      expect(tree.body).toEqual([
        `${harness.baseUrl}/repository/${FOLDER}/sources/project%3A/contracts/Storage.sol`,
        `${harness.baseUrl}/repository/${FOLDER}/metadata.json`,
        `${harness.baseUrl}/repository/${FOLDER}/creator-tx-hash.txt`,
      ]);
      expect((await get(`/files/tree/any/31337/${ADDRESS}`)).body).toEqual({ status: 'full', files: tree.body });

      const source = await fetch(tree.body[0]);
      expect(source.status).toBe(200);
      expect(source.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(source.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await source.text()).toBe(storageUpload()['Storage.sol']);
      const metadata = await fetch(tree.body[1]);
      expect(metadata.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(JSON.parse(await metadata.text())).toEqual(JSON.parse(storageUpload()['metadata.json']!));
      expect(await (await fetch(tree.body[2])).text()).toBe(storageDeployment().txHash);
    });

    it('keeps a partial match in the partial_match folder: the full-only routes and the full_match folder do not have it', async () => {
      await verifyPartialOnly();
      expect(await get(`/files/tree/31337/${ADDRESS}`)).toMatchObject({ status: 404, body: { error: 'Files have not been found!' } });
      expect((await get(`/files/31337/${ADDRESS}`)).status).toBe(404);
      const any = await get(`/files/tree/any/31337/${ADDRESS}`);
      expect(any.body.status).toBe('partial');
      expect(any.body.files.every((url: string) => url.includes(`/repository/contracts/partial_match/31337/${CHECKSUMMED}/`))).toBe(true);
      expect((await get(`/repository/contracts/partial_match/31337/${ADDRESS}/metadata.json`)).status).toBe(200);
      expect((await get(`/repository/contracts/full_match/31337/${ADDRESS}/metadata.json`)).status).toBe(404);
    });

    it('answers 404 for a file the contract does not have, 400 for a folder that is not a match level', async () => {
      await verifyPerfect();
      expect((await get(`/repository/contracts/full_match/31337/${ADDRESS}/library-map.json`)).status).toBe(404);
      expect(await get(`/repository/contracts/best_match/31337/${ADDRESS}/metadata.json`)).toMatchObject({ status: 400, body: { error: expect.stringMatching(/full_match or partial_match/) } });
    });
  });

  describe('contracts of a chain', () => {
    it('lists the addresses verified on a chain, 404 while there are none', async () => {
      expect(await get('/files/contracts/31337')).toMatchObject({ status: 404, body: { error: 'Contracts have not been found!' } });
      await verifyPerfect();
      expect((await get('/files/contracts/31337')).body).toEqual({ full: [CHECKSUMMED], partial: [] });
      expect((await get('/files/contracts/1')).status).toBe(400);
    });

    it('pages them under full, partial and any, as Sourcify', async () => {
      await verifyPerfect();
      expect((await get('/files/contracts/full/31337?page=0&limit=1')).body).toEqual({
        pagination: { currentPage: 0, resultsPerPage: 1, resultsCurrentPage: 1, totalResults: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false },
        results: [CHECKSUMMED],
      });
      expect((await get('/files/contracts/partial/31337')).body).toEqual({
        pagination: { currentPage: 0, resultsPerPage: 200, resultsCurrentPage: 0, totalResults: 0, totalPages: 0, hasNextPage: false, hasPreviousPage: false },
        results: [],
      });
      expect((await get('/files/contracts/any/31337?order=desc')).body.results).toEqual([CHECKSUMMED]);
      expect((await get('/files/contracts/any/31337?limit=201')).body).toEqual({ error: 'limit must be a whole number from 1 to 200' });
      expect((await get('/files/contracts/any/31337?page=-1')).status).toBe(400);
    });
  });
});
