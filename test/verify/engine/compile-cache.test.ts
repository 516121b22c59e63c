import fs from 'node:fs';
import path from 'node:path';
import { createMetadataContractsFromFiles } from '@ethereum-sourcify/lib-sourcify';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

describe('compile cache and repository', () => {
  let harness: VerifyHarness;
  afterEach(async () => harness.close());

  it('does not compile again when the same input is verified again, even after a restart', async () => {
    harness = await startVerifyHarness();
    const files = Object.entries(storageUpload()).map(([p, content]) => ({ path: p, buffer: Buffer.from(content) }));
    const [contract] = await createMetadataContractsFromFiles(files);
    const target = { chainId: '31337', address: storageDeployment().address };
    await harness.service.verifier.verifyMetadataContract(contract!, target);
    const compiles = harness.service.compiler.compiles;
    expect(compiles).toBeGreaterThan(0);
    await harness.service.verifier.verifyMetadataContract(contract!, target);
    expect(harness.service.compiler.compiles).toBe(compiles);

    const dataDir = harness.dataDir;
    await harness.close();
    harness = await startVerifyHarness({}, dataDir);
    const [again] = await createMetadataContractsFromFiles(files);
    await harness.service.verifier.verifyMetadataContract(again!, target);
    expect(harness.service.compiler.compiles).toBe(0);
  });

  it('keeps a perfect match when a partial one comes later', async () => {
    harness = await startVerifyHarness();
    const address = storageDeployment().address;
    expect((await postJson(`${harness.baseUrl}/verify`, { address, chain: '31337', files: storageUpload() })).body.result[0].status).toBe('perfect');
    const modified = path.resolve('../shared/conformance/verify/fixtures/packages/lib-sourcify/test/sources/StorageModified');
    const partial = await harness.service.verifier.verifyMetadataContract(
      (await createMetadataContractsFromFiles([
        { path: 'metadata.json', buffer: fs.readFileSync(path.join(modified, 'metadata.json')) },
        ...fs.readdirSync(path.join(modified, 'sources')).map((name) => ({ path: name, buffer: fs.readFileSync(path.join(modified, 'sources', name)) })),
      ]))[0]!, { chainId: '31337', address });
    expect(partial.status).toBe('partial');
    expect(harness.service.store(partial)).toMatchObject({ kind: 'better-kept', kept: { status: 'perfect' } });
    expect(harness.service.repository.get('31337', address)?.runtimeMatch).toBe('perfect');
  });
});
